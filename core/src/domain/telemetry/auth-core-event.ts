import type { PasscodeChannel } from '../../ports/passcodes.port';
import type { ProviderLogEvent } from '../../ports/telemetry.port';

/** The provider's log events (SPEC §7) as widget events: `{ name, details }` becomes `{ type, data }`. */
type ProviderLogAsEvent<E> = E extends ProviderLogEvent ? { readonly type: E['name']; readonly data: E['details'] } : never;

/**
 * What the widget tells the world, on one event bus: the integrator's `onEvent` gets every event,
 * product analytics captures every event under its type, and the provider's log gets the four it
 * knows (SPEC §7). Named after the provider widget's event types.
 */
export type AuthCoreEvent =
  /** SPEC §2: a passcode was verified. */
  | { readonly type: 'authenticate_flow_complete'; readonly data: { readonly method: 'otp'; readonly channel: PasscodeChannel } }
  /**
   * A sign-in finished: the widget shows its success screen, or a callback page signed the visitor
   * in. `product` is the widget product that did it (`magicLink`, `passwords`, `passcodes`,
   * `oauth`, `passkeys`, `wallets`).
   */
  | { readonly type: 'sign_in_completed'; readonly data: { readonly product: string } }
  /** `render_login_screen`, `render_idp_screen`, `email_sent`, `email_try_again_clicked`. */
  | ProviderLogAsEvent<ProviderLogEvent>;

/** The event for a provider log event a flow asked for. */
export function providerLogEvent(event: ProviderLogEvent): AuthCoreEvent {
  // Each `{ name, details }` variant maps onto the variant of the same name; TypeScript cannot
  // follow that pairing through the union.
  return { type: event.name, data: event.details } as AuthCoreEvent;
}
