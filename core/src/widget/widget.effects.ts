import { NO_EVENTS, stream, type Stream } from '../flows/stream';
import type { AuthCoreHost } from '../create-auth-core';
import { authError, fail, type AuthError } from '../domain/errors/auth-error';
import { interpretCommonEffect, isCommonEffect } from '../flows/common-effects';
import { providerCall } from '../flows/provider-call';
import { mainBlock, slotDeclaration, type ProductMainBlock } from './product-catalogue';
import { STORED_SCREEN_KEY } from './screen-history';
import type { AnyProductModule, ProductId, WidgetEffect, WidgetEvent } from './widget.types';

/**
 * How long a Main action waits for its product's code (the module, the router's product half and
 * the front end's views). Not the provider-call timeout: on a slow network each chunk is a round
 * trip, and the visitor is better served by a late answer than by a dropped submit (issue 16 §14).
 * Past it the action fails with the network's message, and a retry fetches again.
 */
export const PRODUCT_LOAD_TIMEOUT_MS = 60_000;

/**
 * Fetches a product's front-end part (its screens and their strings) beside its module: the
 * router enters the product once both are here, so a screen never waits for code after Main
 * moved on, and a part that cannot be fetched fails the action like the module would.
 */
export type ProductViewsLoader = (product: ProductId) => Promise<unknown>;

/** Runs the router's effects, and each product's and slot's effects through its own module. */
export function interpretWidgetEffect(host: AuthCoreHost, effect: WidgetEffect, products: readonly ProductMainBlock[], loadViews?: ProductViewsLoader): Stream<WidgetEvent> {
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
      const { product } = effect;
      return providerCall<AnyProductModule, WidgetEvent>(
        host,
        () =>
          block === undefined
            ? Promise.resolve(fail(authError('unexpected')))
            : Promise.all([block.load(), loadViews?.(product)]).then(
                ([module]) => ({ ok: true, value: module }) as const,
                // Our own code that could not be fetched: the connection, and a retry fetches it again.
                (cause: unknown) => fail(authError('network_unreachable', { cause })),
              ),
        (result): WidgetEvent =>
          result.ok
            ? { type: 'productLoaded', module: result.value }
            : // Not the provider's `timeout` ("the server is taking too long"): it was our code that did not arrive.
              { type: 'productLoadFailed', product, error: result.error.code === 'timeout' ? authError('network_unreachable') : result.error },
        PRODUCT_LOAD_TIMEOUT_MS,
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
