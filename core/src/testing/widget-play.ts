import { initialWidgetState, widgetTransition } from '../widget/widget.machine';
import type { WidgetEffect, WidgetEvent, WidgetInput, WidgetState } from '../widget/widget.types';

// For core's own tests: the widget router as a pure machine, played event by event.

/** A player for `input`: plays events (at given times, else 0) from a state, returning the last state and every effect. */
export function widgetPlayer(input: WidgetInput) {
  return (events: Array<WidgetEvent | [number, WidgetEvent]>, from: WidgetState = initialWidgetState(input)) => {
    const effects: WidgetEffect[] = [];
    let state = from;
    for (const entry of events) {
      const [now, event] = Array.isArray(entry) ? entry : [0, entry];
      const [next, produced] = widgetTransition(state, event, { now });
      state = next;
      effects.push(...produced);
    }
    return { state, effects };
  };
}
