import { EMPTY, Observable } from 'rxjs';
import { runAfter } from '../state/scheduling';
import type { AuthCoreHost } from '../create-auth-core';
import { authError, type AuthError } from '../domain/errors/auth-error';
import { interpretCommonEffect, isCommonEffect } from '../flows/common-effects';
import { providerCall } from '../flows/provider-call';
import { LAST_USED_OAUTH_STORAGE_KEY, PENDING_OAUTH_STORAGE_KEY, parseLastUsedOAuth, readPendingOAuth } from '../domain/oauth/oauth-buttons';
import { mainBlock } from './product-catalogue';
import type { WidgetEffect, WidgetEvent } from './widget.types';

/** The round trip is over without a session: forget its note and the provider's stored proof. */
function abandonOAuth(host: AuthCoreHost): void {
  host.ports.storage.remove(PENDING_OAUTH_STORAGE_KEY);
  host.ports.oauth?.abandon();
}

/** Runs the router's effects, and each product's effects through that product's module. */
export function interpretWidgetEffect(host: AuthCoreHost, effect: WidgetEffect): Observable<WidgetEvent> {
  switch (effect.type) {
    case 'loadProjectSettings':
      return providerCall(
        host,
        (options) => host.ports.projectSettings.get(options),
        // Without settings the mail links are simply not narrowed: nothing to report.
        (result): WidgetEvent => {
          const passwordConfig = result.ok ? result.value.passwordConfig : null;
          return {
            type: 'projectSettingsLoaded',
            emailDomains: result.ok ? result.value.emailDomains : [],
            passwordRule: passwordConfig === null ? null : { minimumCount: passwordConfig.ludsMinimumCount, complexity: passwordConfig.ludsComplexity },
          };
        },
      );
    case 'readLastUsedOAuth':
      // After a tick, never during start-up: the first render must match the pre-rendered page.
      return new Observable<WidgetEvent>((subscriber) =>
        runAfter(host.scheduler, 0, () => {
          const storage = host.ports.durableStorage ?? host.ports.storage;
          const unfinished = readPendingOAuth(host.ports.storage.get(PENDING_OAUTH_STORAGE_KEY));
          if (unfinished) abandonOAuth(host);
          subscriber.next({ type: 'lastUsedOAuthRead', provider: parseLastUsedOAuth(storage.get(LAST_USED_OAUTH_STORAGE_KEY)), unfinished });
          subscriber.complete();
        }),
      );
    case 'abandonOAuth':
      abandonOAuth(host);
      return EMPTY;
    case 'loadProduct': {
      const block = mainBlock(effect.product);
      const product = effect.product;
      return providerCall(
        host,
        async () => {
          if (!block) return { ok: false, error: authError('unexpected') } as const;
          try {
            return { ok: true, value: await block.load() } as const;
          } catch (cause) {
            // A chunk that cannot be fetched is a network problem the visitor can retry.
            return { ok: false, error: authError('network_unreachable', { cause }) } as const;
          }
        },
        (result): WidgetEvent => (result.ok ? { type: 'productLoaded', module: result.value } : { type: 'productLoadFailed', product, error: result.error }),
      );
    }
    case 'productEffect':
      // The product's own chunk brings how its effects run.
      return effect.module.router.interpret(host, effect, (inner) => (isCommonEffect<unknown>(inner) ? interpretCommonEffect(host, inner) : null));
    default:
      return interpretCommonEffect(host, effect);
  }
}

/** The event for a widget effect that failed outside its own handling. */
export function widgetEffectFailure(effect: WidgetEffect, error: AuthError): WidgetEvent | null {
  if (effect.type === 'productEffect') return effect.module.router.failure(effect, error);
  if (effect.type === 'loadProjectSettings' || effect.type === 'readLastUsedOAuth' || effect.type === 'abandonOAuth' || effect.type === 'telemetry' || effect.type === 'log') return null;
  return { type: 'effectFailed', error };
}
