import { Observable } from 'rxjs';
import type { AuthCoreHost } from '../create-auth-core';
import type { AuthError } from '../domain/errors/auth-error';
import type { CommonEffect } from '../flows/common-effects';
import type { KeyedEffect, TransitionContext } from '../flows/flow-runner';
import { COMPLETION_DELAY_MS } from './completion';
import type { AnyProductModule, MainAction, ProductContext, ProductOutput, ProductStep, WidgetEffect, WidgetEvent, WidgetState } from './widget.types';

// The router's product half: what happens once a product is loaded (its steps applied, its
// effects keyed and run per product, its outputs followed). It travels with the products'
// chunks, so Main's first load carries only the half that works before any product is there.

/** Countdown ticks while Main waits for `Retry-After` (the same timer Main's own half starts). */
const TICK_MS = 1000;

type Step = readonly [WidgetState, readonly WidgetEffect[]];
type Effect = Extract<WidgetEffect, { readonly type: 'productEffect' }>;

/** The prefix every effect key of a product carries, so leaving it cancels all of its work. */
const productKey = (module: AnyProductModule) => `product:${module.id}:`;

/** Wraps a product's effects so the runner keys, cancels and routes them per product. */
function wrapEffects(module: AnyProductModule, effects: readonly (KeyedEffect | CommonEffect<unknown>)[]): WidgetEffect[] {
  return effects.map((effect): WidgetEffect => {
    const cancel = effect as { readonly type: string; readonly key?: string; readonly prefix?: string };
    if (cancel.type === 'cancel') {
      return cancel.prefix !== undefined
        ? { type: 'cancel', prefix: `${productKey(module)}${cancel.prefix}` }
        : { type: 'cancel', key: `${productKey(module)}${cancel.key ?? ''}` };
    }
    const key = (effect as KeyedEffect).key;
    return { type: 'productEffect', module, effect, ...(key === undefined ? {} : { key: `${productKey(module)}${key}` }) };
  });
}

/** Applies a product's step: its new state and effects, then what it asked of the router. */
function applyProductStep(state: WidgetState, module: AnyProductModule, step: ProductStep<unknown, KeyedEffect | CommonEffect<unknown>>, context: TransitionContext): Step {
  const effects = wrapEffects(module, step.effects);
  const withProduct: WidgetState = { ...state, loading: null, screen: { kind: 'product', module, state: step.state } };
  if (step.output === undefined) return [withProduct, effects];
  const [next, more] = applyOutput(withProduct, module, step.output, context);
  return [next, [...effects, ...more]];
}

function applyOutput(state: WidgetState, module: AnyProductModule, output: ProductOutput, context: TransitionContext): Step {
  switch (output.type) {
    case 'showMain': {
      const retryAt = output.retryAt ?? null;
      return [
        {
          ...state,
          screen: { kind: 'main' },
          email: output.email ?? state.email,
          emailError: output.emailError ?? null,
          socialError: output.socialError ?? null,
          pendingOAuth: null,
          retryAt,
          now: context.now,
        },
        retryAt === null ? [] : [{ type: 'timer', key: 'widget:tick', delayMs: TICK_MS, event: { type: 'tick' } }],
      ];
    }
    case 'completed':
      return [
        { ...state, pendingOAuth: null, screen: { kind: 'success', title: output.title, text: output.text, destination: output.destination } },
        [{ type: 'timer', key: 'widget:completion', delayMs: COMPLETION_DELAY_MS, event: { type: 'completionElapsed' } }],
      ];
    case 'handoff':
      // The product left is done with; the next one starts from the router.
      return [
        { ...state, screen: { kind: 'main' }, loading: { product: output.to, action: output.action } },
        [{ type: 'cancel', prefix: productKey(module) }, { type: 'loadProduct', product: output.to, key: 'widget:loadProduct' }],
      ];
  }
}

/** How the router works a loaded product; every product module carries it (`router`). */
export interface ProductRouter {
  /** The product was loaded for `action`: enter it. */
  enter(state: WidgetState, module: AnyProductModule, action: MainAction, product: ProductContext, context: TransitionContext): Step;
  /** An event for the product on screen. */
  transition(state: WidgetState, module: AnyProductModule, event: unknown, product: ProductContext, context: TransitionContext): Step;
  /**
   * Runs one of the product's effects; its events come back as the product's. `common` runs the
   * effects every flow has (Main's half has it already; importing it here would split the first load).
   */
  interpret(host: AuthCoreHost, effect: Effect, common: (effect: KeyedEffect) => Observable<unknown> | null): Observable<WidgetEvent>;
  /** The event for one of its effects that failed outside its own handling. */
  failure(effect: Effect, error: AuthError): WidgetEvent | null;
}

export const productRouter: ProductRouter = {
  enter: (state, module, action, product, context) => applyProductStep(state, module, module.enter(action, product), context),
  transition: (state, module, event, product, context) =>
    state.screen.kind === 'product' ? applyProductStep(state, module, module.transition(state.screen.state, event, product), context) : [state, []],
  interpret: (host, { module, effect }, common) => {
    const events = common(effect) ?? module.interpret(effect, host);
    // Not `pipe(map(…))`: one mapping needs no operator machinery.
    return new Observable<WidgetEvent>((subscriber) =>
      events.subscribe({
        next: (event) => subscriber.next({ type: 'productEvent', product: module.id, event }),
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      }),
    );
  },
  failure: ({ module, effect }, error) => {
    const event = module.onEffectFailure(effect, error);
    return event === null ? null : { type: 'productEvent', product: module.id, event };
  },
};
