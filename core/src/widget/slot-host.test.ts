import { describe, expect, it } from 'vitest';
import { ALL_PRODUCTS } from './all-products';
import { Observable } from 'rxjs';
import { authError } from '../domain/errors/auth-error';
import type { SafePath } from '../domain/redirects/safe-redirect';
import { widgetPlayer } from '../testing/widget-play';
import type { MainSlot, SlotOutput, SlotPlace, SlotSignal } from './main-slot.types';
import { initialWidgetState } from './widget.machine';
import type { WidgetEvent, WidgetInput, WidgetState } from './widget.types';
import { widgetView } from './widget.view';

// The router's rules for Main's slots, with stand-in slots: the router knows none by name.

const input: WidgetInput = { config: { products: ['emailMagicLinks'] }, returnContext: { redirect: '/orders' as SafePath, source: 'web' }, products: ALL_PRODUCTS, origin: 'http://localhost:5173' };
const play = widgetPlayer(input);

interface FakeState {
  readonly busy: boolean;
  readonly signals: readonly SlotSignal['type'][];
  readonly sawMainBusy: boolean | null;
}
type FakeEvent =
  | { readonly type: 'act'; readonly outputs: readonly SlotOutput[] }
  /** Outputs whatever Main is doing (a slot whose code already went out). */
  | { readonly type: 'actAnyway'; readonly outputs: readonly SlotOutput[] }
  | { readonly type: 'setBusy'; readonly busy: boolean };

/** A slot that outputs what the test tells it to, and remembers every signal it got. */
function fakeSlot(id: string, place: SlotPlace): MainSlot<FakeState, FakeEvent, { readonly type: 'none' }, { readonly id: string }> {
  return {
    id,
    place,
    init: () => ({ busy: false, signals: [], sawMainBusy: null }),
    transition: (state, event, context) => {
      if (event.type === 'setBusy') return { state: { ...state, busy: event.busy }, effects: [] };
      const outputs = event.type === 'act' && context.mainBusy ? [] : event.outputs;
      return { state: { ...state, sawMainBusy: context.mainBusy }, effects: [], outputs };
    },
    // An abort cancels what the slot has pending (as a passkey autofill's request is cancelled).
    signal: (state, signal) => ({ state: { ...state, signals: [...state.signals, signal.type] }, effects: signal.type === 'abort' ? [{ type: 'cancel', key: 'pending' }] : [] }),
    interpret: () => new Observable<FakeEvent>((subscriber) => subscriber.complete()),
    onEffectFailure: () => null,
    busy: (state) => state.busy,
    view: (_state, context) => ({ id: `${id}${context.acting ? ' (acting)' : ''}` }),
  };
}

/** Main with stand-in slots in the given places. */
function withSlots(...slots: Array<[string, SlotPlace]>): WidgetState {
  const base = initialWidgetState(input);
  return { ...base, slots: Object.fromEntries(slots.map(([id, place]) => { const module = fakeSlot(id, place); return [id, { module, state: module.init(input), message: null }]; })) };
}
const act = (slot: string, ...outputs: SlotOutput[]): WidgetEvent => ({ type: 'slotEvent', slot, event: { type: 'act', outputs } });
const setBusy = (slot: string, busy: boolean): WidgetEvent => ({ type: 'slotEvent', slot, event: { type: 'setBusy', busy } });
const fake = (state: WidgetState, id: string) => state.slots[id]?.state as FakeState;
const main = (state: WidgetState) => {
  const view = widgetView(state);
  if (view.screen === 'success') throw new Error('expected Main');
  return view.main;
};

describe('Main as a host of slots: the router owns the rules', () => {
  it('orders slots as SPEC §2 does: passkey, OAuth, wallets, the divider, then the login form', () => {
    const view = main(withSlots(['form', 'form'], ['wallet', 'wallets'], ['google', 'social'], ['passkey', 'passkey']));
    expect(view.slots.map((slot) => [slot.id, slot.place])).toEqual([
      ['passkey', 'passkey'],
      ['google', 'social'],
      ['wallet', 'wallets'],
    ]);
    expect(view.divider).toBe(true);
    expect(view.formSlot?.id).toBe('form');
    expect(main(withSlots(['form', 'form'])).divider).toBe(false);
  });

  it("hands a slot's action to its product, Main busy and the slot shown acting meanwhile", () => {
    const { state, effects } = play([act('google', { type: 'action', product: 'oauth', detail: { provider: 'google' } })], withSlots(['google', 'social']));
    expect(state.loading).toEqual({ product: 'oauth', action: { type: 'slotAction', product: 'oauth', email: '', detail: { provider: 'google' } } });
    expect(effects).toContainEqual({ type: 'loadProduct', product: 'oauth', key: 'widget:loadProduct' });
    expect(main(state)).toMatchObject({ busy: true, slots: [{ view: { id: 'google (acting)' } }], emailForm: { busy: false, disabled: true } });
  });

  it('aborts every other slot before any Main action: a slot action, a sign-in a slot started, or the e-mail form', () => {
    const fromSlot = play([act('google', { type: 'action', product: 'oauth', detail: null })], withSlots(['google', 'social'], ['passkey', 'passkey'])).state;
    expect(fake(fromSlot, 'passkey').signals).toEqual(['abort']);
    const started = play([act('form', { type: 'started' })], withSlots(['form', 'form'], ['passkey', 'passkey'])).state;
    expect(fake(started, 'passkey').signals).toEqual(['abort']);
    const submitted = play([{ type: 'emailChanged', value: 'ada@example.com' }, { type: 'emailSubmitted' }], withSlots(['google', 'social'], ['passkey', 'passkey'])).state;
    expect([fake(submitted, 'google').signals, fake(submitted, 'passkey').signals]).toEqual([['abort'], ['abort']]);
  });

  it("aborts the acting slot itself before its action starts, and every abort comes before the product's load (a pending autofill stops before the button's request)", () => {
    const { state, effects } = play([act('passkey', { type: 'action', product: 'passkeys', detail: null })], withSlots(['passkey', 'passkey'], ['google', 'social']));
    expect([fake(state, 'passkey').signals, fake(state, 'google').signals]).toEqual([['abort'], ['abort']]);
    const order = effects.map((effect) => (effect.type === 'cancel' && 'key' in effect ? effect.key : effect.type));
    expect(order).toEqual(['slot:passkey:pending', 'slot:google:pending', 'loadProduct']);
    // A sign-in a slot runs itself (`started`) is its own pending work: only the others are aborted.
    const started = play([act('passkey', { type: 'started' })], withSlots(['passkey', 'passkey'], ['google', 'social'])).state;
    expect([fake(started, 'passkey').signals, fake(started, 'google').signals]).toEqual([[], ['abort']]);
  });

  it("puts an action's error in the slot that acted, never under the e-mail field, and clears it with the next action", () => {
    const error = authError('network_unreachable');
    const failed = play([act('google', { type: 'action', product: 'oauth', detail: null }), { type: 'productLoadFailed', product: 'oauth', error }], withSlots(['google', 'social'])).state;
    expect(main(failed)).toMatchObject({ busy: false, slots: [{ id: 'google', message: { key: 'error.network_unreachable' } }], emailForm: { error: null, formError: null } });
    const submitted = play([{ type: 'emailChanged', value: 'ada@example.com' }, { type: 'emailSubmitted' }], failed).state;
    expect(main(submitted).slots[0]?.message).toBeNull();
    const formFailed = play([{ type: 'productLoadFailed', product: 'magicLink', error }], submitted).state;
    expect(main(formFailed)).toMatchObject({ slots: [{ message: null }], emailForm: { error: null, formError: { key: 'error.network_unreachable' } } });
  });

  it('starts nothing while a slot runs a sign-in of its own: other slots see Main busy, the e-mail form waits', () => {
    const busy = play([setBusy('form', true)], withSlots(['google', 'social'], ['form', 'form'])).state;
    expect(main(busy)).toMatchObject({ busy: true, emailForm: { disabled: true } });
    const pressed = play([act('google', { type: 'action', product: 'oauth', detail: null })], busy);
    expect(fake(pressed.state, 'google').sawMainBusy).toBe(true);
    expect(pressed.state.loading).toBeNull();
    expect(play([{ type: 'emailChanged', value: 'ada@example.com' }, { type: 'emailSubmitted' }], busy).effects).toEqual([]);
  });

  it('refuses a slot action while another action is on its way', () => {
    const loading = play([{ type: 'emailChanged', value: 'ada@example.com' }, { type: 'emailSubmitted' }], withSlots(['form', 'form'])).state;
    // A slot that did not look at Main's state (its code already went out) is refused by the router.
    const refused = play([{ type: 'slotEvent', slot: 'form', event: { type: 'actAnyway', outputs: [{ type: 'action', product: 'passcodes', detail: null }] } }], loading);
    expect(refused.state.loading?.product).toBe('magicLink');
    expect(refused.effects).toEqual([]);
  });

  it("tells every slot when the page comes back from the back-forward cache, the one that acted that its action was on its way", () => {
    const leaving = play([act('google', { type: 'action', product: 'oauth', detail: null })], withSlots(['google', 'social'], ['passkey', 'passkey'])).state;
    const { state, effects } = play([{ type: 'pageRestored' }], leaving);
    expect(state).toMatchObject({ loading: null, acting: null, screen: { kind: 'main' } });
    expect(effects).toContainEqual({ type: 'cancel', key: 'widget:loadProduct' });
    // (Its 'abort' came first, when its own action started.)
    expect(fake(state, 'google').signals).toEqual(['abort', 'pageRestored']);
    expect(main(state)).toMatchObject({ busy: false });
  });

  it('lets a slot set its own message and offer an address only for an empty field', () => {
    const { state } = play([act('google', { type: 'message', message: { key: 'error.oauthNotCompleted', params: { provider: 'Google' } } }, { type: 'prefill', email: 'ada@example.com' })], withSlots(['google', 'social']));
    expect(main(state)).toMatchObject({ slots: [{ message: { key: 'error.oauthNotCompleted' } }], emailForm: { value: 'ada@example.com' } });
    const typed = play([{ type: 'emailChanged', value: 'bob@example.com' }, act('google', { type: 'prefill', email: 'ada@example.com' })], withSlots(['google', 'social'])).state;
    expect(typed.email).toBe('bob@example.com');
  });

  it('loads the slots this widget shows when it starts, and hosts each as it arrives', () => {
    const oauthInput: WidgetInput = { ...input, config: { products: ['oauth', 'emailMagicLinks'], oauthOptions: { providers: [{ type: 'google' }] } } };
    const { effects } = widgetPlayer(oauthInput)([{ type: 'started' }]);
    expect(effects).toContainEqual({ type: 'loadSlot', slot: 'oauth', key: 'widget:loadSlot:oauth' });
    const module = fakeSlot('oauth', 'social');
    const arrived = widgetPlayer(oauthInput)([{ type: 'slotLoaded', module }]).state;
    expect(main(arrived).slots.map((slot) => slot.id)).toEqual(['oauth']);
  });
});
