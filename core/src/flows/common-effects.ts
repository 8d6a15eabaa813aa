import { stream, NO_EVENTS, type Stream } from './stream';
import { runAfter } from '../state/scheduling';
import type { AuthError } from '../domain/errors/auth-error';
import type { MessageRef } from '../domain/i18n/message-ref';
import type { SafePath } from '../domain/redirects/safe-redirect';
import type { ProviderLogEvent } from '../ports/telemetry.port';
import { providerLogEvent, type AuthCoreEvent } from '../domain/telemetry/auth-core-event';
import type { ToastKind } from '../state/toast.store';
import type { AuthCoreHost } from '../create-auth-core';
import type { CancelEffect } from './flow-runner';

/**
 * Effects every flow has, interpreted in one place ({@link interpretCommonEffect}): logging,
 * toasts, error reports, navigation, events (the provider's log among them), timers and cancellation.
 */
export type CommonEffect<E> =
  | { readonly type: 'log'; readonly message: string; readonly detail?: unknown }
  | { readonly type: 'toast'; readonly kind: ToastKind; readonly message: MessageRef }
  | { readonly type: 'reportError'; readonly error: AuthError }
  | { readonly type: 'navigate'; readonly path: SafePath; readonly replace?: boolean }
  /** One of the provider's log events (SPEC §7), on the event bus. */
  | { readonly type: 'telemetry'; readonly event: ProviderLogEvent }
  /** Any other widget event, on the event bus (`onEvent`, analytics). */
  | { readonly type: 'event'; readonly event: AuthCoreEvent }
  /** Sends `event` after `delayMs` on the core's scheduler; restarting the key restarts the timer. */
  | { readonly type: 'timer'; readonly key: string; readonly delayMs: number; readonly event: E }
  | CancelEffect;

const COMMON_EFFECT_TYPES: ReadonlySet<string> = new Set(['log', 'toast', 'reportError', 'navigate', 'telemetry', 'event', 'timer', 'cancel']);

/** True when `effect` is one {@link interpretCommonEffect} handles. */
export function isCommonEffect<E>(effect: { readonly type: string }): effect is CommonEffect<E> {
  return COMMON_EFFECT_TYPES.has(effect.type);
}

/** What the shared interpreter needs from the core. */
export type CommonEffectHost = Pick<AuthCoreHost, 'scheduler' | 'logger' | 'toasts' | 'reportError' | 'emitEvent'> & {
  readonly ports: Pick<AuthCoreHost['ports'], 'navigation'>;
};

/** Runs a {@link CommonEffect}. (`cancel` is handled by the flow runner itself.) */
export function interpretCommonEffect<E>(host: CommonEffectHost, effect: CommonEffect<E>): Stream<E> {
  switch (effect.type) {
    case 'log':
      host.logger.error(effect.message, effect.detail);
      return NO_EVENTS;
    case 'toast':
      host.toasts.show(effect.kind, effect.message);
      return NO_EVENTS;
    case 'reportError':
      host.reportError(effect.error);
      return NO_EVENTS;
    case 'navigate':
      if (effect.replace === true) host.ports.navigation.replace(effect.path);
      else host.ports.navigation.navigate(effect.path);
      return NO_EVENTS;
    case 'telemetry':
    case 'event':
      host.emitEvent(effect.type === 'event' ? effect.event : providerLogEvent(effect.event));
      return NO_EVENTS;
    case 'timer': {
      const { event } = effect;
      return stream<E>((subscriber) =>
        runAfter(host.scheduler, effect.delayMs, () => {
          subscriber.next(event);
          subscriber.complete();
        }),
      );
    }
    case 'cancel':
      return NO_EVENTS;
  }
}
