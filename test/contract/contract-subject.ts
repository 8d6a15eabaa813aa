import type { MagicLinksPort, OAuthPort, PasscodesPort, PasswordsPort, ProjectSettingsPort, SessionPort } from '@vestibule/core';

/** A user the provider holds before the test starts (its own seeding, not a port call). */
interface SeededUser {
  /** Omitted: a passwordless user. */
  readonly password?: string;
  /** The user must reset the password before signing in with it. */
  readonly requiresReset?: boolean;
}

/** An OAuth start as the provider received it, in the port's terms. */
export interface ReceivedOAuthStart {
  readonly provider: string;
  readonly loginRedirectUrl: string;
  readonly signupRedirectUrl: string;
  readonly customScopes: readonly string[];
  readonly providerParams: Readonly<Record<string, string>>;
}

/**
 * What a contract suite runs against: the ports under test plus what only the provider's side
 * can tell or do (the links it e-mailed, the domains it sends from, the users it already has).
 * One subject per test; `dispose` leaves nothing behind for the next.
 */
export interface ContractSubject {
  readonly session: SessionPort;
  readonly magicLinks: MagicLinksPort;
  readonly passwords: PasswordsPort;
  readonly passcodes: PasscodesPort;
  readonly projectSettings: ProjectSettingsPort;
  readonly oauth: OAuthPort;
  /** The token of the newest magic link the provider e-mailed to `email`. */
  linkTokenFor(email: string): string;
  /** The token of the newest password-reset e-mail the provider sent to `email`. */
  resetTokenFor(email: string): string;
  /** The newest passcode the provider sent to `destination` (an address or E.164 number). */
  passcodeFor(destination: string): string;
  /** Lets the provider's clock pass the expiry of every passcode sent for `methodId`. */
  expirePasscodes(methodId: string): void;
  /** Gives the provider a user with this address. */
  seedUser(email: string, user: SeededUser): void | Promise<void>;
  /** The newest OAuth start the provider received. */
  lastOAuthStart(): ReceivedOAuthStart;
  /**
   * Plays the visitor at the provider for the newest OAuth start: signs in as `email`, or
   * cancels. Resolves to the token the visitor comes back with.
   */
  finishOAuthAtProvider(choice: { readonly email: string } | 'cancel'): Promise<string>;
  /** The domains the provider is configured to send e-mail from. */
  readonly expectedEmailDomains: readonly string[];
  dispose(): void | Promise<void>;
}

export type MakeSubject = () => ContractSubject | Promise<ContractSubject>;

/**
 * A contract subject of one port only: what a product's own suite runs against until it needs
 * the provider's side too (then it joins {@link ContractSubject}).
 *
 * @public The contract suites `pnpm new:flow` writes run on it (none in the repository yet).
 */
export interface PortSubject<P> {
  readonly port: P;
  dispose(): void | Promise<void>;
}

export type MakePortSubject<P> = () => PortSubject<P> | Promise<PortSubject<P>>;

/** A well-formed send request for `email`, as the login flow builds it. */
export const sendRequest = (email: string) => ({
  email,
  loginRedirectUrl: 'http://localhost:5173/login/callback',
  signupRedirectUrl: 'http://localhost:5173/login/callback',
  loginExpirationMinutes: 30,
  signupExpirationMinutes: 30,
});

/** Passwords every provider policy the contracts run under judges the same way. */
export const CONTRACT_PASSWORDS = {
  strong: 'Correct horse battery staple',
  otherStrong: 'A brand new horse battery',
  weak: 'abc',
  breached: 'password1',
} as const;

/** Credentials as the password screens send them. */
export const passwordCredentials = (email: string, password: string) => ({ email, password, sessionDurationMinutes: 60 });
