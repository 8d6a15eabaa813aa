import { describe, expect, it } from 'vitest';
import { ALL_PRODUCTS } from '../../all-products';
import { widgetPlayer } from '../../../testing/widget-play';
import { authError } from '../../../domain/errors/auth-error';
import type { SafePath } from '../../../domain/redirects/safe-redirect';
import { initialWidgetState } from '../../widget.machine';
import type { AnyProductModule, WidgetEffect, WidgetEvent, WidgetInput, WidgetState } from '../../widget.types';
import { widgetView, type MainView } from '../../widget.view';
import { OAUTH_LEAVE_TIMEOUT_MS } from './oauth.machine';
import { oauthModule } from './oauth.module';
import { oauthSlot, type OAuthSlotEvent, type OAuthSlotView } from './oauth.slot';

import { productRouter } from '../../product-router';
const loadedOAuth = { ...oauthModule, router: productRouter } as AnyProductModule;

const input: WidgetInput = {
  config: {
    products: ['oauth', 'emailMagicLinks', 'passwords'],
    oauthOptions: { providers: [{ type: 'google', custom_scopes: ['https://www.googleapis.com/auth/calendar'], provider_params: { prompt: 'select_account' } }, { type: 'github' }] },
  },
  returnContext: { redirect: '/orders?id=7' as SafePath, source: 'ios' }, products: ALL_PRODUCTS,
  origin: 'https://shop.example',
};

/** Main with its OAuth slot, as the page hydrates it. */
const withOAuth = (from: WidgetInput = input) => initialWidgetState(from, { oauth: oauthSlot });
/** Plays events at given times from Main with the OAuth slot; returns the last state and every effect produced. */
const play = (events: Parameters<ReturnType<typeof widgetPlayer>>[0], from: WidgetState = withOAuth()) => widgetPlayer(input)(events, from);

const main = (state: WidgetState): MainView => {
  const view = widgetView(state);
  if (view.screen !== 'main') throw new Error(`expected Main, got ${view.screen}`);
  return view.main;
};
/** The OAuth slot as Main renders it (its buttons, and Main's message in it), or `null` when absent. */
const buttons = (state: WidgetState): (OAuthSlotView & { readonly error: unknown }) | null => {
  const slot = main(state).slots.find((candidate) => candidate.id === 'oauth');
  return slot === undefined ? null : { ...(slot.view as OAuthSlotView), error: slot.message };
};
const slotEvent = (event: OAuthSlotEvent): WidgetEvent => ({ type: 'slotEvent', slot: 'oauth', event });
const loaded: WidgetEvent = { type: 'productLoaded', module: loadedOAuth };
const oauth = (event: unknown): WidgetEvent => ({ type: 'productEvent', product: 'oauth', event });
const click = (provider: 'google' | 'github' | 'apple'): WidgetEvent => slotEvent({ type: 'pressed', provider });
const startEffects = (effects: readonly WidgetEffect[]) =>
  effects.flatMap((effect) => (effect.type === 'productEffect' && (effect.effect as { type: string }).type === 'startOAuth' ? [effect.effect] : []));

describe('OAuth on Main (SPEC §2, §7)', () => {
  it("shows the configured providers' buttons, the 'or' divider and the e-mail form", () => {
    const view = main(withOAuth());
    expect(buttons(withOAuth())?.buttons.map((button) => [button.provider, button.name, button.busy])).toEqual([
      ['google', 'Google', false],
      ['github', 'GitHub', false],
    ]);
    expect(view.divider).toBe(true);
    expect(view.emailForm).not.toBeNull();
  });

  it('has no divider when OAuth is the only group, and no buttons when OAuth is not configured', () => {
    expect(main(withOAuth({ ...input, config: { products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] } } })).divider).toBe(false);
    const noOAuth = main(withOAuth({ ...input, config: { products: ['emailMagicLinks'] } }));
    expect(noOAuth.slots).toEqual([]);
    expect(noOAuth.divider).toBe(false);
  });

  it("moves the provider remembered on this device first with 'Last used' once storage is read", () => {
    const { state, effects } = play([{ type: 'started' }]);
    expect(effects).toContainEqual({ type: 'slotEffect', module: oauthSlot, effect: { type: 'readStorage', key: 'read' }, key: 'slot:oauth:read' });
    expect(buttons(state)?.buttons.map((button) => button.provider)).toEqual(['google', 'github']);
    const read = play([slotEvent({ type: 'storageRead', lastUsed: 'github', unfinished: null })], state).state;
    expect(buttons(read)?.buttons.map((button) => [button.provider, button.lastUsed])).toEqual([
      ['github', true],
      ['google', false],
    ]);
  });

  it('is shown only where OAuth providers are configured', () => {
    expect(play([{ type: 'started' }], initialWidgetState(input)).effects).toContainEqual({ type: 'loadSlot', slot: 'oauth', key: 'widget:loadSlot:oauth' });
    const magicLinkOnly = { ...input, config: { products: ['emailMagicLinks' as const] } };
    expect(play([{ type: 'started' }], initialWidgetState(magicLinkOnly)).effects.filter((effect) => effect.type === 'loadSlot')).toEqual([]);
  });

  it('loads the OAuth product on a press and shows that button busy (the form disabled, not "Sending…")', () => {
    const { state, effects } = play([click('github')]);
    expect(effects).toEqual([{ type: 'loadProduct', product: 'oauth', key: 'widget:loadProduct' }]);
    const view = main(state);
    expect(buttons(state)?.buttons.find((button) => button.provider === 'github')?.busy).toBe(true);
    expect(buttons(state)?.buttons.find((button) => button.provider === 'google')?.busy).toBe(false);
    expect(buttons(state)?.disabled).toBe(true);
    expect(view.emailForm?.disabled).toBe(true);
    expect(view.emailForm?.submitLabel).toEqual({ key: 'login.continue' });
  });

  it('ignores presses for providers that are not configured and presses while busy', () => {
    expect(play([click('apple')]).effects).toEqual([]);
    expect(play([click('google'), click('github')]).effects).toHaveLength(1);
  });

  it('starts with return URLs on /login/callback carrying redirect and source, and the scopes and parameters', () => {
    const { effects } = play([click('google'), loaded]);
    const returnUrl = 'https://shop.example/login/callback?redirect=%2Forders%3Fid%3D7&source=ios';
    expect(startEffects(effects)).toEqual([
      {
        type: 'startOAuth',
        key: 'start',
        email: '',
        request: {
          provider: 'google',
          loginRedirectUrl: returnUrl,
          signupRedirectUrl: returnUrl,
          customScopes: ['https://www.googleapis.com/auth/calendar'],
          providerParams: { prompt: 'select_account' },
        },
      },
    ]);
  });

  it('uses configured login and sign-up redirect URLs as given', () => {
    const configured: WidgetInput = {
      ...input,
      config: { ...input.config, oauthOptions: { providers: [{ type: 'github' }], loginRedirectURL: 'https://shop.example/in', signupRedirectURL: 'https://shop.example/up' } },
    };
    const { effects } = play([click('github'), loaded], withOAuth(configured));
    expect(startEffects(effects)[0]).toMatchObject({ request: { provider: 'github', loginRedirectUrl: 'https://shop.example/in', signupRedirectUrl: 'https://shop.example/up' } });
  });

  it('stays busy while the page leaves, and gives the button back with a message if the provider page never comes', () => {
    const { state, effects } = play([click('google'), loaded, [100, oauth({ type: 'started' })]]);
    expect(buttons(state)?.buttons[0]?.busy).toBe(true);
    expect(effects).toContainEqual({
      type: 'productEffect',
      module: loadedOAuth,
      effect: { type: 'timer', key: 'leave', delayMs: OAUTH_LEAVE_TIMEOUT_MS, event: { type: 'leaveTimedOut' } },
      key: 'product:oauth:leave',
    });
    const after = play([[100 + OAUTH_LEAVE_TIMEOUT_MS, oauth({ type: 'leaveTimedOut' })]], state).state;
    expect(buttons(after)?.buttons[0]?.busy).toBe(false);
    expect(buttons(after)?.disabled).toBe(false);
    expect(buttons(after)?.error).toEqual({ key: 'error.oauthDidNotOpen', params: { provider: 'Google' } });
    expect(main(after).emailForm?.error).toBeNull();
  });

  it('shows a failed start under the buttons, keeps the typed address, and waits out Retry-After', () => {
    const limited = authError('too_many_requests', { retryAfterMs: 30_000 });
    const { state } = play([
      { type: 'emailChanged', value: 'ada@exam' },
      click('google'),
      loaded,
      [1_000, oauth({ type: 'startFailed', error: limited })],
    ]);
    const view = main(state);
    expect(buttons(state)?.error).toEqual({ key: 'error.too_many_requests' });
    expect(buttons(state)?.disabled).toBe(true);
    expect(view.emailForm?.value).toBe('ada@exam');
    expect(play([[5_000, click('google')]], state).effects).toEqual([]);
    const ready = play([[31_000, { type: 'tick' }]], state).state;
    expect(buttons(ready)?.disabled).toBe(false);
    expect(play([[31_000, click('google')]], ready).effects).toHaveLength(1);
  });

  it('puts a product that failed to load under the buttons, not under the e-mail field', () => {
    const { state } = play([click('google'), { type: 'productLoadFailed', product: 'oauth', error: authError('network_unreachable') }]);
    expect(buttons(state)?.error).toEqual({ key: 'error.network_unreachable' });
    expect(main(state).emailForm?.error).toBeNull();
  });

  it('is ready again when the page comes back from the back-forward cache (Back from the provider), saying the sign-in was not completed', () => {
    const leaving = play([click('google'), loaded, oauth({ type: 'started' })]).state;
    const { state, effects } = play([{ type: 'pageRestored' }], leaving);
    expect(buttons(state)?.buttons.every((button) => !button.busy)).toBe(true);
    expect(buttons(state)?.disabled).toBe(false);
    expect(buttons(state)?.error).toEqual({ key: 'error.oauthNotCompleted', params: { provider: 'Google' } });
    // Whatever the product had on its way stops (every product's keys start with `product:`).
    expect(effects).toContainEqual({ type: 'cancel', prefix: 'product:' });
    // The round trip is over: its note and its proof go.
    expect(effects).toContainEqual({ type: 'slotEffect', module: oauthSlot, effect: { type: 'abandon', key: 'abandon' }, key: 'slot:oauth:abandon' });
    expect(play([{ type: 'pageRestored' }]).effects).toEqual([]);
  });

  it('tells a visitor whose page was reloaded on the way back that the sign-in was not completed, with the address typed before', () => {
    const unfinished = { provider: 'github', email: 'ada@exa' } as const;
    const { state } = play([{ type: 'started' }, slotEvent({ type: 'storageRead', lastUsed: null, unfinished })]);
    expect(buttons(state)?.error).toEqual({ key: 'error.oauthNotCompleted', params: { provider: 'GitHub' } });
    expect(buttons(state)?.disabled).toBe(false);
    expect(main(state).emailForm?.value).toBe('ada@exa');
    // Something typed since (before scripts ran) wins.
    const typed = play([{ type: 'emailChanged', value: 'new@example.com' }, slotEvent({ type: 'storageRead', lastUsed: null, unfinished })]).state;
    expect(main(typed).emailForm?.value).toBe('new@example.com');
  });

  it('tells a visitor who cancelled at the provider (the return page marked the note) that it was cancelled, with the address typed before', () => {
    const unfinished = { provider: 'google', email: 'ada@example.com', outcome: 'cancelled' } as const;
    const { state } = play([{ type: 'started' }, slotEvent({ type: 'storageRead', lastUsed: null, unfinished })]);
    expect(buttons(state)?.error).toEqual({ key: 'error.oauthCancelled', params: { provider: 'Google' } });
    expect(buttons(state)?.disabled).toBe(false);
    expect(main(state).emailForm?.value).toBe('ada@example.com');
  });
});
