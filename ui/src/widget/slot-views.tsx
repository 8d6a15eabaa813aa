import { loadMainSlots, mainSlots, type AnyMainSlot, type MainSlotView, type MessageRef, type SlotAudience, type SlotId, type WidgetEvent } from '@vestibule/core';
import { use, useCallback, type ComponentType, type ReactNode } from 'react';
import { SLOT_VIEW_LOADERS } from './product-views';
import { trackedLoad, type TrackedLoad } from './tracked-load';

/** What every Main slot's component receives from the widget. */
export interface SlotViewProps<V = unknown> {
  /** The slot's own view model (computed by its core slot). */
  readonly view: V;
  /** The message Main shows in the slot (its action's failure, or its notice), or `null`. */
  readonly message: MessageRef | null;
  /** Sends the slot one of its own events. */
  readonly send: (event: unknown) => void;
  /** Main's e-mail form, for a slot in the login form's place (it decides where the form goes). */
  readonly children?: ReactNode;
}

// Each slot's component is a chunk of its own, like the slot's machine in the core (product-views.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each component is typed for its own slot's view
type SlotComponent = ComponentType<SlotViewProps<any>>;

const loading = new Map<SlotId, TrackedLoad<SlotComponent | null>>();
const coreSlots = new Map<SlotId, AnyMainSlot>();

const loadComponent = (id: SlotId): TrackedLoad<SlotComponent | null> =>
  trackedLoad(loading, id, () => SLOT_VIEW_LOADERS[id]?.().then((module) => module.default) ?? Promise.resolve(null));

/**
 * Fetches everything a widget's Main shows for `input` — its slots' machines and components — so
 * a pre-rendered page hydrates with them at once (nothing suspends, nothing is replaced). The
 * widget works without it too: it then loads its slots itself and they appear when they arrive.
 */
export async function preloadLoginWidget(input: SlotAudience): Promise<void> {
  const [modules] = await Promise.all([loadMainSlots(input), Promise.all(mainSlots(input).map((slot) => loadComponent(slot.id)))]);
  for (const [id, module] of Object.entries(modules)) coreSlots.set(id, module);
}

/** The slots' machines fetched so far (handed to the widget when it opens). */
export function preloadedSlots(): Readonly<Record<SlotId, AnyMainSlot>> {
  return Object.fromEntries(coreSlots);
}

/**
 * One slot on Main: its component once loaded (it suspends until then). A slot still arriving
 * (`view` is `null`) keeps its place empty.
 */
export function SlotView({ slot, send, children }: { readonly slot: MainSlotView; readonly send: (event: WidgetEvent) => void; readonly children?: ReactNode }) {
  const { id } = slot;
  // Always the same component for a slot (loaded once, cached): not one made during render.
  const Component = use(loadComponent(id) as Promise<SlotComponent | null>);
  // The same function while the slot is the same: slots may send from effects that depend on it.
  const sendToSlot = useCallback((event: unknown) => send({ type: 'slotEvent', slot: id, event }), [send, id]);
  if (slot.view === null) return null;
  if (Component === null) return <>{children}</>;
  return (
    // eslint-disable-next-line react-hooks/static-components -- one cached component per slot id, never recreated
    <Component view={slot.view} message={slot.message} send={sendToSlot}>
      {children}
    </Component>
  );
}
