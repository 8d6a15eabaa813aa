/** Provider-side analytics events (SPEC §7 "log events"). */
export type ProviderLogEvent =
  | { readonly name: 'render_login_screen'; readonly details: Readonly<Record<string, unknown>> }
  | { readonly name: 'render_idp_screen'; readonly details: Readonly<Record<string, unknown>> }
  | { readonly name: 'email_sent'; readonly details: { readonly email: string; readonly type: 'login_or_create_eml' } }
  | { readonly name: 'email_try_again_clicked'; readonly details: { readonly email: string; readonly type: 'login_or_create_eml' } };

/** Fire-and-forget provider telemetry; never fails the caller and never delays sign-in. */
export interface TelemetryPort {
  log(event: ProviderLogEvent): void;
}
