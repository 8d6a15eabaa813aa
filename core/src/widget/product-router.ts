import { stream, type Stream } from '../flows/stream';
import type { AuthCoreHost } from '../create-auth-core';
import type { AuthError } from '../domain/errors/auth-error';
import type { CommonEffect } from '../flows/common-effects';
import type { KeyedEffect, TransitionContext } from '../flows/flow-runner';
import { COMPLETION_DELAY_MS } from '../domain/redirects/completion';
import { retryTick, tickRetryWindow } from '../domain/retry/retry-countdown';
import { scopeEffects } from './slot-host';
import { PRODUCT_KEYS, withActionError, withoutSlotMessages } from './widget.machine';
import type { StoredScreen } from './screen-history';
import type { AnyProductModule, MainAction, ProductContext, ProductOutput, ProductStep, ProductViewBase, ResumeAction, WidgetEffect, WidgetEvent, WidgetState } from './widget.types';

// The router's product half: what happens once a product is loaded (its steps applied, its
// effects keyed and run per product, its outputs followed, and the events only a product
// causes). It travels with the products' chunks, so Main's first load carries only the half that
// works before any product is there.

type Step = readonly [WidgetState, readonly WidgetEffect[]];
type Effect = Extract<WidgetEffect, { readonly type: 'productEffect' }>;

/** The prefix every effect key of a product carries, so leaving it cancels all of its work. */
const productKey = (module: AnyProductModule) => `${PRODUCT_KEYS}${module.id}:`;

/** The countdown's timer while Main waits out a `Retry-After` a product asked for. */
const mainRetryTick = (): WidgetEffect => retryTick<WidgetEvent>('widget', { type: 'tick' });

/** What products see of the widget: the project's settings, read once by the router. */
function productContext(state: WidgetState, now: number): ProductContext {
  const passwordConfig = state.projectSettings?.passwordConfig ?? null;
  return {
    now,
    input: state.input,
    senderDomain: state.projectSettings?.emailDomains[0] ?? null,
    passwordRule: passwordConfig === null ? null : { minimumCount: passwordConfig.ludsMinimumCount, complexity: passwordConfig.ludsComplexity },
  };
}

/**
 * Issue 16 §13: a product screen on show is a history entry of its own (added when the first
 * screen opens from Main; later screens of the visit take it over, so Back leads to Main as the
 * back arrow does) and is stored for a reload of that entry. Unchanged records are not rewritten.
 */
function recordScreen(state: WidgetState, module: AnyProductModule, productState: unknown, context: TransitionContext): Step {
  const screen = module.snapshot(productState);
  if (screen === null) return [state, []];
  const marker = state.screenEntry?.marker ?? `w${context.now.toString(36)}`;
  const stored: StoredScreen = { marker, product: module.id, email: state.email, screen };
  const written = JSON.stringify(stored);
  if (state.screenEntry?.written === written) return [state, []];
  return [{ ...state, screenEntry: { marker, written } }, [{ type: 'recordScreen', marker, stored: written, push: state.screenEntry === null }]];
}

/** The product screen is left for Main: its entry goes too (Back already took the browser past it when `back` is false). */
function leaveScreen(state: WidgetState, back = true): Step {
  if (state.screenEntry === null) return [state, []];
  return [{ ...state, screenEntry: null }, [{ type: 'leaveScreen', marker: state.screenEntry.marker, back }]];
}

/** Applies a product's step: its new state and effects, then what it asked of the router. */
function applyProductStep(state: WidgetState, module: AnyProductModule, step: ProductStep<unknown, KeyedEffect | CommonEffect<unknown>>, context: TransitionContext): Step {
  const effects = scopeEffects(productKey(module), step.effects, (effect, key): WidgetEffect => ({ type: 'productEffect', module, effect, ...(key === undefined ? {} : { key }) }));
  // A product with a screen of its own is no longer at work from Main: Main's controls are free.
  const onScreen = module.view(step.state, productContext(state, context.now)).screen !== null;
  const [recorded, entryEffects] = recordScreen(state, module, step.state, context);
  const withProduct: WidgetState = { ...recorded, loading: null, acting: onScreen ? null : state.acting, screen: { kind: 'product', module, state: step.state }, productRouter };
  if (step.output === undefined) return [withProduct, [...effects, ...entryEffects]];
  const [next, more] = applyOutput(withProduct, module, step.output, context, state.acting);
  return [next, [...effects, ...entryEffects, ...more]];
}

/** Enters `module` for a Main action, or brings back the screen a reload found stored. */
function enterProduct(state: WidgetState, module: AnyProductModule, action: MainAction | ResumeAction, context: TransitionContext): Step {
  const productContextNow = productContext(state, context.now);
  if (action.type !== 'resume') return applyProductStep(state, module, module.enter(action, productContextNow), context);
  const step = module.resume(action.screen, productContextNow);
  if (step === null) {
    // Not a record this product wrote: Main, as the page would be without it.
    const [main, effects] = leaveScreen({ ...state, loading: null, acting: null, screen: { kind: 'main' }, productRouter });
    return [main, effects];
  }
  return applyProductStep(state, module, step, context);
}

function applyOutput(state: WidgetState, module: AnyProductModule, output: ProductOutput, context: TransitionContext, acting: WidgetState['acting']): Step {
  switch (output.type) {
    case 'showMain': {
      const retry = output.retryAt === undefined ? null : { until: output.retryAt, now: context.now };
      const [left, entryEffects] = leaveScreen(state);
      const main: WidgetState = { ...left, screen: { kind: 'main' }, email: output.email ?? state.email, emailError: null, formError: null, acting: null, retry, now: context.now };
      return [output.error === undefined ? main : withActionError(main, acting, output.error, output.errorFor), [...entryEffects, ...(retry === null ? [] : [mainRetryTick()])]];
    }
    case 'completed': {
      // The success screen forgets the stored one; its entry stays until the page moves on.
      const [left, entryEffects] = leaveScreen(state, false);
      return [
        { ...left, acting: null, screen: { kind: 'success', title: output.title, text: output.text, destination: output.destination } },
        [
          ...entryEffects,
          { type: 'event', event: { type: 'sign_in_completed', data: { product: module.id } } },
          { type: 'timer', key: 'widget:completion', delayMs: COMPLETION_DELAY_MS, event: { type: 'completionElapsed' } },
        ],
      ];
    }
    case 'handoff':
      // The product left is done with; the next one starts from the router, Main busy meanwhile.
      return [
        { ...state, screen: { kind: 'main' }, loading: { product: output.to, action: output.action }, acting: acting ?? { kind: 'form' } },
        [{ type: 'cancel', prefix: productKey(module) }, { type: 'loadProduct', product: output.to, key: 'widget:loadProduct' }],
      ];
  }
}

/** How the router works a loaded product; every product module carries it (`router`). */
export interface ProductRouter {
  /** The product was loaded for `action`: enter it (from then on the widget's state holds this router). */
  enter(state: WidgetState, module: AnyProductModule, action: MainAction | ResumeAction, context: TransitionContext): Step;
  /** The events only a loaded product causes: its own, Back, the countdown and the success it started. */
  transition(state: WidgetState, event: WidgetEvent, context: TransitionContext): Step;
  /** The view model of the product on screen. */
  view(state: WidgetState, module: AnyProductModule, productState: unknown): ProductViewBase;
  /**
   * Runs one of the product's effects; its events come back as the product's. `common` runs the
   * effects every flow has (Main's half has it already; importing it here would split the first load).
   */
  interpret(host: AuthCoreHost, effect: Effect, common: (effect: KeyedEffect) => Stream<unknown> | null): Stream<WidgetEvent>;
  /** The event for one of its effects that failed outside its own handling. */
  failure(effect: Effect, error: AuthError): WidgetEvent | null;
}

/** The events the Main half hands over (those only a loaded product causes). */
function routerTransition(state: WidgetState, event: WidgetEvent, context: TransitionContext): Step {
  const { screen } = state;
  switch (event.type) {
    case 'productEvent':
      if (screen.kind !== 'product' || screen.module.id !== event.product) return [state, []];
      return applyProductStep(state, screen.module, screen.module.transition(screen.state, event.event, productContext(state, context.now)), context);
    case 'backClicked': {
      if (screen.kind !== 'product') return [state, []];
      // SPEC §2: every sub-screen's back arrow leads to Main, the address still in the field;
      // the browser goes back past the screen's entry too, so Back does not show it again.
      const [left, entryEffects] = leaveScreen(state);
      return [{ ...left, screen: { kind: 'main' }, emailError: null, formError: null, acting: null }, [{ type: 'cancel', prefix: productKey(screen.module) }, ...entryEffects]];
    }
    case 'tick': {
      if (state.retry === null) return [state, []];
      const retry = tickRetryWindow(state.retry, context.now);
      // The wait is over: its message (the 429's) goes, and Main is ready.
      if (retry === null) return [{ ...state, retry: null, now: context.now, emailError: null, formError: null, slots: withoutSlotMessages(state.slots) }, []];
      return [{ ...state, retry, now: context.now }, [mainRetryTick()]];
    }
    case 'completionElapsed':
      if (screen.kind !== 'success') return [state, []];
      return [state, [{ type: 'navigate', path: screen.destination, replace: true }]];
    default:
      return [state, []];
  }
}

export const productRouter: ProductRouter = {
  enter: enterProduct,
  transition: routerTransition,
  view: (state, module, productState) => module.view(productState, productContext(state, state.now)),
  interpret: (host, { module, effect }, common) => {
    const events = common(effect) ?? module.interpret(effect, host);
    // Not `pipe(map(…))`: one mapping needs no operator machinery.
    return stream<WidgetEvent>((subscriber) =>
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
