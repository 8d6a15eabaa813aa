import { mapStream, type Stream } from '../flows/stream';
import type { AuthCoreHost } from '../create-auth-core';
import type { AuthError } from '../domain/errors/auth-error';
import { interpretCommonEffect, isCommonEffect, type CommonEffect } from '../flows/common-effects';
import { runFlow, type Flow, type KeyedEffect } from '../flows/flow-runner';
import type { ProductContext, ProductOutput, ProductStep, WidgetInput } from '../widget/widget.types';

// For core's own tests: one product's machine run on its own — its transitions, its effects
// against the host's ports, on the host's clock — without the router, which is what Main's
// slots are being reshaped around. What it would tell the router is recorded as `outputs`.

/** What a product module offers that running it alone needs. */
export interface PlayableProduct<S, E, F extends KeyedEffect, A> {
  enter(action: A, context: ProductContext): ProductStep<S, F | CommonEffect<E>>;
  transition(state: S, event: E, context: ProductContext): ProductStep<S, F | CommonEffect<E>>;
  interpret(effect: F, host: AuthCoreHost): Stream<E>;
  onEffectFailure(effect: F, error: AuthError): E | null;
}

export interface PlayedProduct<S> {
  /** `null` until the product is entered. */
  readonly state: S | null;
  /** Every output for the router, oldest first. */
  readonly outputs: readonly ProductOutput[];
}

type PlayEvent<E, A> = { readonly kind: 'enter'; readonly action: A } | { readonly kind: 'event'; readonly event: E };

/** Runs `product` for `input` on `host`: `enter(action)` as Main would, then its own events come back to it. */
export function playProduct<S, E, F extends KeyedEffect, A>(
  product: PlayableProduct<S, E, F, A>,
  host: AuthCoreHost,
  input: WidgetInput,
): { readonly flow: Flow<PlayedProduct<S>, PlayEvent<E, A>>; enter(action: A): void } {
  const context = (now: number): ProductContext => ({ now, input, senderDomain: null, passwordRule: null });
  const applied = (played: PlayedProduct<S>, step: ProductStep<S, F | CommonEffect<E>>) =>
    [{ state: step.state, outputs: step.output === undefined ? played.outputs : [...played.outputs, step.output] }, step.effects] as const;
  const asPlayEvent = (events: Stream<E>) => mapStream(events, (event): PlayEvent<E, A> => ({ kind: 'event', event }));
  const flow = runFlow<PlayedProduct<S>, PlayEvent<E, A>, F | CommonEffect<E>>(
    {
      initial: { state: null, outputs: [] },
      transition: (played, event, { now }) => {
        if (event.kind === 'enter') return applied(played, product.enter(event.action, context(now)));
        return played.state === null ? [played, []] : applied(played, product.transition(played.state, event.event, context(now)));
      },
      interpret: (effect) => asPlayEvent(isCommonEffect<E>(effect) ? interpretCommonEffect(host, effect) : product.interpret(effect as F, host)),
      onEffectFailure: (effect, error) => {
        const event = isCommonEffect<E>(effect) ? null : product.onEffectFailure(effect as F, error);
        return event === null ? null : { kind: 'event', event };
      },
    },
    { scheduler: host.scheduler, logger: host.logger },
  );
  flow.subscribe(() => undefined);
  return { flow, enter: (action) => flow.send({ kind: 'enter', action }) };
}
