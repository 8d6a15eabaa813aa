import type { AuthCoreHost } from '../create-auth-core';
import { interpretCommonEffect, isCommonEffect } from '../flows/common-effects';
import { runFlow, type Flow, type KeyedEffect } from '../flows/flow-runner';
import { mapStream } from '../flows/stream';
import type { MainSlot, SlotOutput, SlotSignal } from '../widget/main-slot.types';
import type { WidgetInput } from '../widget/widget.types';

// For core's own tests: one Main slot run on its own, as the widget's router hosts it, with Main's
// side played by the test (busy or waiting), and every output the slot gives recorded.

/** What the test plays of Main around the slot. */
interface PlayedMain {
  mainBusy: boolean;
  mainWaiting: boolean;
  /** The slot's own action is on its way (its view may show the control busy). */
  acting: boolean;
}

type Input<E> = { readonly kind: 'event'; readonly event: E } | { readonly kind: 'signal'; readonly signal: SlotSignal };

/** A slot under test: its flow, what it asked of the router, and its view as Main would compute it. */
export interface SlotUnderTest<S, E, V> {
  readonly flow: Flow<S, Input<E>>;
  readonly main: PlayedMain;
  readonly outputs: SlotOutput[];
  send(event: E): void;
  signal(signal: SlotSignal): void;
  view(): V;
  stop(): void;
}

/** Opens `slot` for `input` on `host` (started at once, as the widget starts it). */
export function openSlotForTest<S, E, F extends KeyedEffect, V>(
  host: AuthCoreHost,
  slot: MainSlot<S, E, F, V>,
  input: WidgetInput,
  options: { readonly initial?: S } = {},
): SlotUnderTest<S, E, V> {
  const main: PlayedMain = { mainBusy: false, mainWaiting: false, acting: false };
  const outputs: SlotOutput[] = [];
  const context = () => ({ now: host.scheduler.now(), input, mainBusy: main.mainBusy, mainWaiting: main.mainWaiting });
  const flow = runFlow<S, Input<E>, KeyedEffect>(
    {
      initial: options.initial ?? slot.init(input),
      transition: (state, entry) => {
        const step = entry.kind === 'event' ? slot.transition(state, entry.event, context()) : slot.signal(state, entry.signal, context());
        outputs.push(...(step.outputs ?? []));
        return [step.state, step.effects];
      },
      interpret: (effect) => {
        const events = isCommonEffect<E>(effect) ? interpretCommonEffect(host, effect) : slot.interpret(effect as F, host);
        return mapStream(events, (event): Input<E> => ({ kind: 'event', event }));
      },
      ...(slot.start === undefined ? {} : { start: { kind: 'event', event: slot.start } as const }),
      onEffectFailure: (effect, error) => {
        const event = slot.onEffectFailure(effect as F, error);
        return event === null ? null : { kind: 'event', event };
      },
    },
    { scheduler: host.scheduler, logger: host.logger },
  );
  const stop = flow.subscribe(() => undefined);
  return {
    flow,
    main,
    outputs,
    send: (event) => flow.send({ kind: 'event', event }),
    signal: (signal) => flow.send({ kind: 'signal', signal }),
    view: () => slot.view(flow.getSnapshot(), { ...context(), acting: main.acting }),
    stop,
  };
}
