import {
  authError,
  fail,
  ok,
  providerError,
  type AuthError,
  type CallOptions,
  type PasskeyRegistration,
  type PasskeysPort,
  type PasskeySupportPort,
  type ProviderSession,
  type Result,
} from '@vestibule/core';
import { CallScript } from './call-script';
import { type FakeSession, sessionFor } from './fake-session';

/** The longest name the provider accepts, in code points (the sandbox's `WEBAUTHN_NAME_MAX_LENGTH`). */
const FAKE_PASSKEY_NAME_MAX_LENGTH = 200;

/** The authenticator the fake visitor uses until a test picks another ({@link FakePasskeys.useAuthenticator}). */
const FAKE_DEFAULT_AUTHENTICATOR = 'this device';

/** A sign-in request as the port received it. */
export interface FakePasskeyAuthenticateRequest {
  readonly sessionDurationMinutes: number;
  readonly conditionalMediation: boolean;
}

/**
 * What the fake browser says about passkeys: a test sets the answers. Defaults to a current
 * browser (autofill and a platform authenticator); {@link FakePasskeys} reads `autofill` too, so a
 * conditional sign-in where it is `false` fails as the real adapter does.
 *
 * @example
 * const ports = createFakePorts();
 * ports.passkeySupport.autofill = false; // a browser without passkey autofill
 */
export class FakePasskeySupport implements PasskeySupportPort {
  /** What `browserSupportsAutofill` answers. */
  autofill = true;
  /** What `platformAuthenticatorAvailable` answers. */
  platformAuthenticator = true;
  /** How many times each question was asked. */
  autofillQueries = 0;
  platformQueries = 0;

  browserSupportsAutofill(): Promise<boolean> {
    this.autofillQueries++;
    return Promise.resolve(this.autofill);
  }

  platformAuthenticatorAvailable(): Promise<boolean> {
    this.platformQueries++;
    return Promise.resolve(this.platformAuthenticator);
  }
}

/** A passkey an authenticator holds (it outlives its registration at the provider, as in a password manager). */
interface FakeCredential {
  readonly credentialId: string;
  readonly userId: string;
  readonly email: string;
}

interface FakeRegistration {
  readonly id: string;
  name: string;
  readonly credentialId: string;
  readonly userId: string;
  readonly email: string;
}

/** A conditional (autofill) sign-in waiting for the visitor to pick or decline in the e-mail field. */
interface WaitingAutofill {
  readonly settle: (choice: 'pick' | 'decline' | 'abort') => void;
}

const failure = (type: string, status: number, message: string): AuthError => providerError(type, { status, serverMessage: message });
const cancelled = (): AuthError => authError('passkey_cancelled', { cause: 'NotAllowedError: the visitor closed the fake browser sheet' });
const emptyAnswer = (): AuthError => authError('invalid_response', { cause: 'the fake browser answered without a credential' });
const notFound = (): AuthError => failure('webauthn_registration_not_found', 404, 'The WebAuthn registration could not be found.');
const aborted = (): AuthError => authError('timeout', { cause: 'aborted' });

/**
 * Passkeys as an in-memory provider and browser, with the sandbox's rules, so a test can run the
 * whole product: register, list, rename, remove, and sign in by button or autofill.
 *
 * **The provider.** Registering needs a signed-in user on the linked {@link FakeSession} and names
 * the passkey `WebAuthN <last 8 characters of its id>`. Without a session, `list` answers 401
 * `unauthorized_credentials` and the others 401 `user_unauthenticated` (the sandbox's answers).
 * Rename and remove of an unknown id (or another user's) answer 404
 * `webauthn_registration_not_found`; an empty or blank name 400 `empty_webauthn_registration_name`;
 * a name over {@link FAKE_PASSKEY_NAME_MAX_LENGTH} characters 400 `invalid_argument`. Names are kept
 * exactly as given. A sign-in with a removed passkey answers `webauthn_registration_not_found`; a
 * successful one without a session signs in on the linked session.
 *
 * **The browser.** The visitor uses one authenticator at a time ({@link useAuthenticator}); each
 * keeps the passkeys it created, also after they are removed at the provider. Registering on an
 * authenticator that holds a live passkey of the user fails as the browser refuses it
 * (`duplicate_webauthn_registration`). A sign-in offers the authenticator's passkeys (when signed
 * in, the user's own if they have any); with none to offer the visitor can only close the sheet:
 * `passkey_cancelled`.
 *
 * **Scripting.**
 * - Provider outcomes, per method, consumed in order (a {@link CallScript}): `authentications`,
 *   `registrations`, `lists`, `renames`, `removals`, each with `failNext(error)`,
 *   `resolveNext(result)` and `holdNext()` (a hang until released, or until the caller's signal
 *   aborts: then `timeout`). A scripted outcome replaces the whole call, browser included.
 * - The browser's next sheet: {@link declineNext} (the visitor closes it: `passkey_cancelled`),
 *   {@link answerEmptyNext} (no credential: `invalid_response`).
 * - Autofill: a sign-in with `conditionalMediation` waits until {@link pickAutofill} (then goes on
 *   like the button, scripts included) or {@link declineAutofill} (`passkey_cancelled`), or its
 *   signal aborts (`timeout`). {@link autofillWaiting} counts the waiting ones. Where
 *   `support.autofill` is false it fails at once with `unexpected`, as the real adapter does.
 * - Seeding: {@link addPasskey} registers one without a ceremony; {@link passkeysOf} reads them.
 *
 * @example
 * const ports = createFakePorts({ session: sessionFor('ada@example.com') });
 * ports.passkeys.addPasskey('ada@example.com', { name: 'Laptop' });
 * ports.passkeys.renames.failNext(authError('network_unreachable'));
 * ports.passkeys.declineNext(); // the next register or sign-in: passkey_cancelled
 */
export class FakePasskeys implements PasskeysPort {
  readonly authentications = new CallScript<ProviderSession>();
  readonly registrations = new CallScript<PasskeyRegistration>();
  readonly lists = new CallScript<readonly PasskeyRegistration[]>();
  readonly renames = new CallScript<void>();
  readonly removals = new CallScript<void>();
  /** Every sign-in request, in order (also the scripted and aborted ones). */
  readonly authenticateRequests: FakePasskeyAuthenticateRequest[] = [];
  /** The session duration of every register request, in order. */
  readonly registerRequests: { readonly sessionDurationMinutes: number }[] = [];

  private readonly registered: FakeRegistration[] = [];
  private readonly authenticators = new Map<string, FakeCredential[]>();
  private authenticator = FAKE_DEFAULT_AUTHENTICATOR;
  private nextSheet: 'decline' | 'empty' | null = null;
  private readonly waiting: WaitingAutofill[] = [];
  private created = 0;

  /**
   * @param session the provider's session: who registers, and where a passkey sign-in signs in
   * @param support the browser's answers (`autofill` decides whether a conditional sign-in can run)
   */
  constructor(
    private readonly session: FakeSession,
    readonly support: FakePasskeySupport = new FakePasskeySupport(),
  ) {}

  /** The visitor's next ceremonies use this authenticator (created empty on first use). */
  useAuthenticator(name: string): void {
    this.authenticator = name;
  }

  /** The visitor closes the browser's next sheet (a register or a sign-in): `passkey_cancelled`. */
  declineNext(): void {
    this.nextSheet = 'decline';
  }

  /** The browser's next sheet answers no credential: `invalid_response`. */
  answerEmptyNext(): void {
    this.nextSheet = 'empty';
  }

  /** How many autofill sign-ins wait for the visitor. */
  get autofillWaiting(): number {
    return this.waiting.length;
  }

  /** The visitor picks the current authenticator's passkey in the e-mail field: the oldest waiting autofill sign-in goes on. */
  pickAutofill(): void {
    this.settleAutofill('pick');
  }

  /** The visitor declines the autofill (the browser's `NotAllowedError`): the oldest waiting one answers `passkey_cancelled`. */
  declineAutofill(): void {
    this.settleAutofill('decline');
  }

  /**
   * Registers a passkey for `email` without a ceremony, held by `authenticator` (default: the
   * current one), as if the user had registered it earlier.
   */
  addPasskey(email: string, options: { readonly name?: string; readonly authenticator?: string } = {}): PasskeyRegistration {
    const registration = this.create(options.authenticator ?? this.authenticator, this.userIdFor(email), email);
    if (options.name !== undefined) registration.name = options.name;
    return { id: registration.id, name: registration.name };
  }

  /** The passkeys the provider holds for `email`, oldest first. */
  passkeysOf(email: string): readonly PasskeyRegistration[] {
    return this.registered.filter((entry) => entry.email === email).map(({ id, name }) => ({ id, name }));
  }

  authenticate(request: FakePasskeyAuthenticateRequest, options?: CallOptions): Promise<Result<ProviderSession>> {
    this.authenticateRequests.push({ sessionDurationMinutes: request.sessionDurationMinutes, conditionalMediation: request.conditionalMediation });
    if (!request.conditionalMediation) return this.authentications.run(options, () => this.signIn());
    if (!this.support.autofill) return Promise.resolve(fail(authError('unexpected', { cause: 'This browser offers no passkey autofill.' })));
    const signal = options?.signal;
    if (signal?.aborted === true) return Promise.resolve(fail(aborted()));
    return new Promise<'pick' | 'decline' | 'abort'>((resolve) => {
      const entry: WaitingAutofill = {
        settle: (choice) => {
          signal?.removeEventListener('abort', onAbort);
          const index = this.waiting.indexOf(entry);
          if (index >= 0) this.waiting.splice(index, 1);
          resolve(choice);
        },
      };
      const onAbort = () => entry.settle('abort');
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    }).then((choice) => {
      if (choice === 'abort') return fail(aborted());
      if (choice === 'decline') return fail(cancelled());
      return this.authentications.run(options, () => this.signIn());
    });
  }

  register(request: { readonly sessionDurationMinutes: number }, options?: CallOptions): Promise<Result<PasskeyRegistration>> {
    this.registerRequests.push({ sessionDurationMinutes: request.sessionDurationMinutes });
    return this.registrations.run(options, () => {
      const user = this.session.session?.user;
      if (user === undefined) return fail(failure('user_unauthenticated', 401, 'This endpoint needs a signed-in user.'));
      const sheet = this.takeSheet();
      if (sheet !== null) return fail(sheet);
      // The browser refuses an authenticator holding one of the user's live passkeys (excludeCredentials).
      const held = this.credentialsOn(this.authenticator).filter((credential) => credential.userId === user.userId);
      if (held.some((credential) => this.registered.some((registration) => registration.credentialId === credential.credentialId))) {
        return fail(authError('duplicate_webauthn_registration', { cause: 'InvalidStateError: the fake authenticator already holds a passkey of this user' }));
      }
      const registration = this.create(this.authenticator, user.userId, user.email ?? '');
      return ok({ id: registration.id, name: registration.name });
    });
  }

  list(options?: CallOptions): Promise<Result<readonly PasskeyRegistration[]>> {
    return this.lists.run(options, () => {
      const user = this.session.session?.user;
      if (user === undefined) return fail(failure('unauthorized_credentials', 401, 'The session token is missing, invalid, expired or revoked.'));
      return ok(this.rowsOf(user.userId));
    });
  }

  rename(id: string, name: string, options?: CallOptions): Promise<Result<void>> {
    return this.renames.run(options, () => {
      const found = this.own(id);
      if (!found.ok) return found;
      if (name.trim() === '') return fail(failure('empty_webauthn_registration_name', 400, 'The WebAuthn registration name must not be empty.'));
      if ([...name].length > FAKE_PASSKEY_NAME_MAX_LENGTH) {
        return fail(failure('invalid_argument', 400, `The WebAuthn registration name must be at most ${FAKE_PASSKEY_NAME_MAX_LENGTH} characters.`));
      }
      found.value.name = name;
      return ok(undefined);
    });
  }

  remove(id: string, options?: CallOptions): Promise<Result<void>> {
    return this.removals.run(options, () => {
      const found = this.own(id);
      if (!found.ok) return found;
      this.registered.splice(this.registered.indexOf(found.value), 1);
      return ok(undefined);
    });
  }

  private signIn(): Result<ProviderSession> {
    const current = this.session.session;
    const sheet = this.takeSheet();
    if (sheet !== null) return fail(sheet);
    const held = this.credentialsOn(this.authenticator);
    // Signed in: the provider names the user's own passkeys (none left: any may be offered).
    const own = current === null ? [] : held.filter((credential) => this.registered.some((entry) => entry.credentialId === credential.credentialId && entry.userId === current.user.userId));
    const credential = (own.length > 0 ? own : held).at(-1);
    // Nothing to offer: the visitor can only close the sheet.
    if (credential === undefined) return fail(cancelled());
    const registration = this.registered.find((entry) => entry.credentialId === credential.credentialId);
    if (registration === undefined || (current !== null && registration.userId !== current.user.userId)) return fail(notFound());
    if (current !== null) return ok(current);
    // The user the passkey was registered for, whatever number the session's directory gives the address.
    const base = sessionFor(credential.email, this.session.userNumberFor(credential.email));
    const session: NonNullable<ProviderSession> = { ...base, user: { ...base.user, userId: credential.userId } };
    this.session.setSession(session);
    return ok(session);
  }

  private takeSheet(): AuthError | null {
    const sheet = this.nextSheet;
    this.nextSheet = null;
    return sheet === 'decline' ? cancelled() : sheet === 'empty' ? emptyAnswer() : null;
  }

  private settleAutofill(choice: 'pick' | 'decline'): void {
    const oldest = this.waiting[0];
    if (oldest === undefined) throw new Error('FakePasskeys: no autofill sign-in is waiting.');
    oldest.settle(choice);
  }

  private credentialsOn(authenticator: string): FakeCredential[] {
    let credentials = this.authenticators.get(authenticator);
    if (credentials === undefined) {
      credentials = [];
      this.authenticators.set(authenticator, credentials);
    }
    return credentials;
  }

  /** A new credential on `authenticator` (replacing the user's previous one there, as a resident key does) and its registration. */
  private create(authenticator: string, userId: string, email: string): FakeRegistration {
    const n = ++this.created;
    const credentials = this.credentialsOn(authenticator);
    const previous = credentials.findIndex((credential) => credential.userId === userId);
    if (previous >= 0) credentials.splice(previous, 1);
    const credentialId = `fake-credential-${n}`;
    credentials.push({ credentialId, userId, email });
    // Shaped like Stytch's ids, so the default name's last 8 characters are digits.
    const id = `webauthn-registration-test-00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const registration: FakeRegistration = { id, name: `WebAuthN ${id.slice(-8)}`, credentialId, userId, email };
    this.registered.push(registration);
    return registration;
  }

  /** The id of the user with this address: the signed-in one's, else the session directory's. */
  private userIdFor(email: string): string {
    const current = this.session.session?.user;
    return current?.email === email ? current.userId : sessionFor(email, this.session.userNumberFor(email)).user.userId;
  }

  private rowsOf(userId: string): readonly PasskeyRegistration[] {
    return this.registered.filter((entry) => entry.userId === userId).map(({ id, name }) => ({ id, name }));
  }

  /** The signed-in user's registration `id`, or the provider's refusal. */
  private own(id: string): Result<FakeRegistration> {
    const user = this.session.session?.user;
    if (user === undefined) return fail(failure('user_unauthenticated', 401, 'This endpoint needs a signed-in user.'));
    const registration = this.registered.find((entry) => entry.id === id && entry.userId === user.userId);
    return registration === undefined ? fail(notFound()) : ok(registration);
  }
}
