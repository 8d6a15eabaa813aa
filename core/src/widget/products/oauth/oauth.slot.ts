import { stream } from '../../../flows/stream';
import type { OAuthProviderType } from '../../../domain/config/widget-config';
import type { MessageKey, MessageRef } from '../../../domain/i18n/message-ref';
import {
  LAST_USED_OAUTH_STORAGE_KEY,
  PENDING_OAUTH_STORAGE_KEY,
  configuredOAuthProviders,
  oauthProviderName,
  orderOAuthButtons,
  parseLastUsedOAuth,
  readPendingOAuth,
  type OAuthButton,
  type PendingOAuth,
} from '../../../domain/oauth/oauth-buttons';
import type { KeyedEffect } from '../../../flows/flow-runner';
import { runAfter } from '../../../state/scheduling';
import type { AuthCoreHost } from '../../../create-auth-core';
import type { MainSlot, SlotStep } from '../../main-slot.types';

/** What the OAuth product hands its module when a button is pressed (the `detail` of its slot action). */
export interface OAuthSelection {
  readonly provider: OAuthProviderType;
}

/** Main's OAuth buttons: the provider last used on this device, and the one pressed last. */
export interface OAuthSlotState {
  readonly lastUsed: OAuthProviderType | null;
  /** The button whose round trip was started last (shown busy while the router says it is on its way). */
  readonly pressed: OAuthProviderType | null;
}

export type OAuthSlotEvent =
  | { readonly type: 'started' }
  /** 'Last used', and the note of a round trip this tab left for and that came back unfinished. */
  | { readonly type: 'storageRead'; readonly lastUsed: OAuthProviderType | null; readonly unfinished: PendingOAuth | null }
  | { readonly type: 'pressed'; readonly provider: OAuthProviderType };

export type OAuthSlotEffect =
  | (KeyedEffect & { readonly type: 'readStorage' })
  /** Forgets an unfinished round trip: its note and the provider's stored proof (PKCE verifier). */
  | (KeyedEffect & { readonly type: 'abandon' });

/** What the OAuth buttons render (SPEC §2: configured order, the last used first with 'Last used'). */
export interface OAuthSlotView {
  readonly buttons: readonly (OAuthButton & { readonly busy: boolean })[];
  /** Pressing a button is not possible now (something is on its way, or `Retry-After`). */
  readonly disabled: boolean;
}

type Step = SlotStep<OAuthSlotState, OAuthSlotEffect>;

const notCompleted = (provider: OAuthProviderType, key: MessageKey = 'error.oauthNotCompleted'): MessageRef => ({ key, params: { provider: oauthProviderName(provider) } });

/** The round trip is over without a session: forget its note and the provider's stored proof. */
function abandon(host: AuthCoreHost): void {
  host.ports.storage.remove(PENDING_OAUTH_STORAGE_KEY);
  host.ports.oauth?.abandon();
}

/**
 * The OAuth product's slot on Main (SPEC §2): one button per configured provider, 'Last used'
 * first. A press hands the OAuth product its round trip; coming back without finishing (Back,
 * a failed provider page, a reload, the back-forward cache) is said here, with the address typed
 * before put back.
 */
export const oauthSlot: MainSlot<OAuthSlotState, OAuthSlotEvent, OAuthSlotEffect, OAuthSlotView> = {
  id: 'oauth',
  place: 'social',
  init: () => ({ lastUsed: null, pressed: null }),
  start: { type: 'started' },
  transition(state, event, context): Step {
    switch (event.type) {
      case 'started':
        return { state, effects: [{ type: 'readStorage', key: 'read' }] };
      case 'storageRead': {
        const { unfinished } = event;
        if (unfinished === null) return { state: { ...state, lastUsed: event.lastUsed }, effects: [] };
        // Back from the provider without finishing (the page reloaded), or cancelled there (the
        // return page marked the note): say so where the visitor will look, with the address typed
        // before, unless something was typed since.
        return {
          state: { ...state, lastUsed: event.lastUsed },
          effects: [],
          outputs: [
            { type: 'message', message: notCompleted(unfinished.provider, unfinished.outcome === 'cancelled' ? 'error.oauthCancelled' : undefined) },
            { type: 'prefill', email: unfinished.email },
          ],
        };
      }
      case 'pressed':
        if (context.mainBusy || context.mainWaiting) return { state, effects: [] };
        if (!configuredOAuthProviders(context.input.config).some((option) => option.type === event.provider)) return { state, effects: [] };
        return {
          state: { ...state, pressed: event.provider },
          effects: [],
          outputs: [{ type: 'action', product: 'oauth', detail: { provider: event.provider } satisfies OAuthSelection }],
        };
    }
  },
  signal(state, signal): Step {
    // Back from the provider's page restored this page as it was left, the round trip unfinished.
    if (signal.type === 'pageRestored' && signal.acting && state.pressed !== null) {
      return { state, effects: [{ type: 'abandon', key: 'abandon' }], outputs: [{ type: 'message', message: notCompleted(state.pressed) }] };
    }
    return { state, effects: [] };
  },
  interpret(effect, host) {
    if (effect.type === 'abandon') {
      abandon(host);
      return stream<OAuthSlotEvent>((subscriber) => subscriber.complete());
    }
    // After a tick, never during start-up: the first render must match the pre-rendered page.
    return stream<OAuthSlotEvent>((subscriber) =>
      runAfter(host.scheduler, 0, () => {
        const storage = host.ports.durableStorage ?? host.ports.storage;
        const unfinished = readPendingOAuth(host.ports.storage.get(PENDING_OAUTH_STORAGE_KEY));
        if (unfinished) abandon(host);
        subscriber.next({ type: 'storageRead', lastUsed: parseLastUsedOAuth(storage.get(LAST_USED_OAUTH_STORAGE_KEY)), unfinished });
        subscriber.complete();
      }),
    );
  },
  onEffectFailure: () => null,
  busy: () => false,
  view(state, context): OAuthSlotView {
    return {
      buttons: orderOAuthButtons(configuredOAuthProviders(context.input.config), state.lastUsed).map((button) => ({
        ...button,
        busy: context.acting && state.pressed === button.provider,
      })),
      disabled: context.mainBusy || context.mainWaiting,
    };
  },
};
