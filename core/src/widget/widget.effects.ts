import { NO_EVENTS, stream, type Stream } from '../flows/stream';
import type { AuthCoreHost } from '../create-auth-core';
import { authError, type AuthError } from '../domain/errors/auth-error';
import { interpretCommonEffect, isCommonEffect } from '../flows/common-effects';
import { providerCall } from '../flows/provider-call';
import { mainBlock, slotDeclaration, type ProductMainBlock } from './product-catalogue';
import { STORED_SCREEN_KEY } from './screen-history';
import type { WidgetEffect, WidgetEvent } from './widget.types';

/** Runs the router's effects, and each product's and slot's effects through its own module. */
export function interpretWidgetEffect(host: AuthCoreHost, effect: WidgetEffect, products: readonly ProductMainBlock[]): Stream<WidgetEvent> {
  switch (effect.type) {
    case 'loadProjectSettings':
      return providerCall(
        host,
        (options) => host.ports.projectSettings.get(options),
        // Without settings the mail links are simply not narrowed: nothing to report.
        (result): WidgetEvent => ({ type: 'projectSettingsLoaded', settings: result.ok ? result.value : null }),
      );
    case 'loadSlot': {
      const { slot } = effect;
      return stream<WidgetEvent>((subscriber) => {
        const declaration = slotDeclaration(slot, products);
        if (declaration === undefined) {
          subscriber.complete();
          return undefined;
        }
        declaration.load().then(
          (module) => {
            subscriber.next({ type: 'slotLoaded', module });
            subscriber.complete();
          },
          // Without its slot Main still offers everything else; a reload tries again.
          (cause: unknown) => {
            host.logger.error(`Main's "${slot}" slot could not be loaded`, cause);
            subscriber.complete();
          },
        );
        return undefined;
      });
    }
    case 'slotEffect': {
      const { module } = effect;
      const inner = isCommonEffect<unknown>(effect.effect) ? interpretCommonEffect(host, effect.effect) : module.interpret(effect.effect, host);
      // Not `pipe(map(…))`: one mapping needs no operator machinery.
      return stream<WidgetEvent>((subscriber) =>
        inner.subscribe({
          next: (event) => subscriber.next({ type: 'slotEvent', slot: module.id, event }),
          error: (error: unknown) => subscriber.error(error),
          complete: () => subscriber.complete(),
        }),
      );
    }
    case 'loadProduct': {
      const block = mainBlock(effect.product, products);
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
    case 'watchHistory': {
      const { sessionHistory } = host.ports;
      // A front end without history (or a test without one) has screens that are not entries.
      if (sessionHistory === undefined) return NO_EVENTS;
      return stream<WidgetEvent>((subscriber) => sessionHistory.watch((marker) => subscriber.next({ type: 'historyMoved', marker })));
    }
    case 'recordScreen':
      if (effect.push) host.ports.sessionHistory?.push(effect.marker);
      host.ports.storage.set(STORED_SCREEN_KEY, effect.stored);
      return NO_EVENTS;
    case 'leaveScreen':
      host.ports.storage.remove(STORED_SCREEN_KEY);
      if (effect.back) host.ports.sessionHistory?.back(effect.marker);
      return NO_EVENTS;
    case 'productEffect':
      // The product's own chunk brings how its effects run.
      return effect.module.router.interpret(host, effect, (inner) => (isCommonEffect<unknown>(inner) ? interpretCommonEffect(host, inner) : null));
    default:
      return interpretCommonEffect(host, effect);
  }
}

/** The event for a widget effect that failed outside its own handling. */
export function widgetEffectFailure(effect: WidgetEffect, error: AuthError): WidgetEvent | null {
  switch (effect.type) {
    case 'productEffect':
      return effect.module.router.failure(effect, error);
    case 'slotEffect': {
      const event = effect.module.onEffectFailure(effect.effect, error);
      return event === null ? null : { type: 'slotEvent', slot: effect.module.id, event };
    }
    case 'loadProjectSettings':
    case 'loadSlot':
    case 'watchHistory':
    case 'recordScreen':
    case 'leaveScreen':
    case 'telemetry':
    case 'log':
      return null;
    default:
      return { type: 'effectFailed', error };
  }
}
