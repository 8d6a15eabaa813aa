import type { MagicLinksPort, ProjectSettingsPort, SessionPort } from '@vestibule/core';

/**
 * What a contract suite runs against: the ports under test plus the two things only the
 * provider's side can tell (the link it e-mailed, the domains it sends from). One subject per
 * test; `dispose` leaves nothing behind for the next.
 */
export interface ContractSubject {
  readonly session: SessionPort;
  readonly magicLinks: MagicLinksPort;
  readonly projectSettings: ProjectSettingsPort;
  /** The token of the newest magic link the provider e-mailed to `email`. */
  linkTokenFor(email: string): string;
  /** The domains the provider is configured to send e-mail from. */
  readonly expectedEmailDomains: readonly string[];
  dispose(): void | Promise<void>;
}

export type MakeSubject = () => ContractSubject | Promise<ContractSubject>;

/** A well-formed send request for `email`, as the login flow builds it. */
export const sendRequest = (email: string) => ({
  email,
  loginRedirectUrl: 'http://localhost:5173/login/callback',
  signupRedirectUrl: 'http://localhost:5173/login/callback',
  loginExpirationMinutes: 30,
  signupExpirationMinutes: 30,
});
