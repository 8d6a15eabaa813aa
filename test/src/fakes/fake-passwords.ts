import {
  fail,
  ok,
  providerError,
  type AuthError,
  type CallOptions,
  type PasswordCredentials,
  type PasswordSignIn,
  type PasswordStrength,
  type PasswordsPort,
  type ResetByEmailStartRequest,
  type Result,
  type UserType,
} from '@vestibule/core';
// The provider's own address check is the sandbox's, which is the client's rule.
import { isValidEmail } from '@vestibule/core/email-validation';
import { isBreachedPassword } from '../sandbox/breached-passwords';
import { CallScript } from './call-script';
import { type FakeSession, sessionFor } from './fake-session';

/** An account the fake provider holds. `password: null` is a passwordless user. */
export interface FakePasswordAccount {
  password: string | null;
  /** The user must reset the password before signing in with it (`reset_password`). */
  requiresReset: boolean;
  /** Consecutive failed sign-ins; at {@link FakePasswords.lockoutThreshold} the user is locked. */
  failures: number;
}

/** A reset e-mail the fake provider "sent". */
export interface SentPasswordReset {
  readonly request: ResetByEmailStartRequest;
  readonly token: string;
  used: boolean;
}

/** The policy the fake judges passwords by (the project's, at a real provider). */
export type FakePasswordPolicy =
  | { readonly strengthPolicy: 'zxcvbn' }
  | { readonly strengthPolicy: 'luds'; readonly minLength: number; readonly minComplexity: number };

const providerFailure = (type: string, status: number, message: string): AuthError => providerError(type, { status, serverMessage: message });

/**
 * A stand-in for zxcvbn's score that needs no dictionary: by length, one less when the password
 * is a single repeated character or contains the address's local part. Enough to tell the
 * examples tests use apart ('abc' 0, 'Correct horse battery staple' 4).
 */
export function fakeScore(password: string, email: string | null): number {
  const length = [...password].length;
  let score = length < 6 ? 0 : length < 8 ? 1 : length < 10 ? 2 : length < 14 ? 3 : 4;
  const local = email?.split('@')[0]?.toLowerCase() ?? '';
  if (/^(.)\1*$/u.test(password) || (local.length > 2 && password.toLowerCase().includes(local))) score = Math.max(0, score - 2);
  return score;
}

function ludsShortfall(password: string, minLength: number, minComplexity: number): { missingCharacters: number; missingComplexity: number } {
  const characters = [...password];
  const classes = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u].filter((pattern) => characters.some((c) => pattern.test(c))).length +
    (characters.some((c) => !/[\p{L}\p{N}]/u.test(c)) ? 1 : 0);
  return { missingCharacters: Math.max(0, minLength - characters.length), missingComplexity: Math.max(0, minComplexity - classes) };
}

/**
 * Passwords as an in-memory provider: accounts by address (seed them with {@link addUser}),
 * strength by {@link fakeScore} or LUDS and the sandbox's breach list, reset e-mails with
 * single-use tokens, and a lock after {@link lockoutThreshold} consecutive failures. Sign-ins set
 * the linked {@link FakeSession} and hand out a token it can `adopt`. Errors are the provider's
 * types and statuses, as the sandbox answers them.
 */
export class FakePasswords implements PasswordsPort {
  /** Scripts: `fake.creations.failNext(error)`, `fake.searches.holdNext()`, … */
  readonly searches = new CallScript<UserType>();
  readonly strengthChecks = new CallScript<PasswordStrength>();
  readonly creations = new CallScript<PasswordSignIn>();
  readonly authentications = new CallScript<PasswordSignIn>();
  readonly resetStarts = new CallScript<void>();
  readonly resets = new CallScript<PasswordSignIn>();

  /** The judging policy; change freely. */
  policy: FakePasswordPolicy = { strengthPolicy: 'zxcvbn' };
  lockoutThreshold = 10;
  /** Accounts by address. */
  readonly accounts = new Map<string, FakePasswordAccount>();
  /** Every reset e-mail sent, oldest first. */
  readonly sentResets: SentPasswordReset[] = [];
  /** Every password presented to `strengthCheck`, in order. */
  readonly checkedPasswords: string[] = [];

  constructor(private readonly session: FakeSession) {}

  /**
   * Seeds an account: with a password, one that must be reset (a password nobody knows when none
   * is given, as the sandbox seeds it), or passwordless (no password).
   */
  addUser(email: string, options: { password?: string | null; requiresReset?: boolean } = {}): void {
    const requiresReset = options.requiresReset ?? false;
    const password = options.password ?? (requiresReset ? `unknown-${this.accounts.size + 1}` : null);
    this.accounts.set(email, { password, requiresReset, failures: 0 });
    this.session.userNumberFor(email);
  }

  /** The token of the newest reset e-mail (to `email`, if given). */
  latestResetToken(email?: string): string | undefined {
    for (let i = this.sentResets.length - 1; i >= 0; i--) {
      const reset = this.sentResets[i];
      if (reset !== undefined && (email === undefined || reset.request.email === email)) return reset.token;
    }
    return undefined;
  }

  searchUser(email: string, options?: CallOptions): Promise<Result<UserType>> {
    return this.searches.run(options, () => {
      const invalid = this.checkEmail(email);
      if (invalid) return fail(invalid);
      const account = this.accounts.get(email);
      if (account !== undefined && account.password !== null) return ok('password');
      return ok(account !== undefined || this.session.hasUser(email) ? 'passwordless' : 'new');
    });
  }

  strengthCheck(password: string, email: string | null, options?: CallOptions): Promise<Result<PasswordStrength>> {
    this.checkedPasswords.push(password);
    return this.strengthChecks.run(options, () => ok(this.judge(password, email)));
  }

  create(credentials: PasswordCredentials, options?: CallOptions): Promise<Result<PasswordSignIn>> {
    return this.creations.run(options, () => {
      const { email, password } = credentials;
      const invalid = this.checkEmail(email);
      if (invalid) return fail(invalid);
      if (this.accounts.has(email) || this.session.hasUser(email)) {
        return fail(providerFailure('duplicate_email', 400, 'A user with the specified email already exists for this project.'));
      }
      const refused = this.refusal(password, email);
      if (refused) return fail(refused);
      this.accounts.set(email, { password, requiresReset: false, failures: 0 });
      return ok(this.signIn(email));
    });
  }

  authenticate(credentials: PasswordCredentials, options?: CallOptions): Promise<Result<PasswordSignIn>> {
    return this.authentications.run(options, () => {
      const { email, password } = credentials;
      const invalid = this.checkEmail(email);
      if (invalid) return fail(invalid);
      const account = this.accounts.get(email);
      if (account === undefined) {
        if (this.session.hasUser(email)) return fail(providerFailure('no_user_password', 400, 'The user does not have a password.'));
        return fail(providerFailure('email_not_found', 404, 'Email could not be found.'));
      }
      if (account.failures >= this.lockoutThreshold) return fail(providerFailure('user_lock_limit_reached', 401, 'Too many failed authentication attempts.'));
      if (account.password === null) return fail(providerFailure('no_user_password', 400, 'The user does not have a password.'));
      if (account.requiresReset) return fail(providerFailure('reset_password', 400, 'The password for this user must be reset.'));
      if (account.password !== password) {
        account.failures++;
        return fail(providerFailure('unauthorized_credentials', 401, 'Unauthorized credentials.'));
      }
      account.failures = 0;
      return ok(this.signIn(email));
    });
  }

  resetByEmailStart(request: ResetByEmailStartRequest, options?: CallOptions): Promise<Result<void>> {
    return this.resetStarts.run(options, () => {
      const invalid = this.checkEmail(request.email);
      if (invalid) return fail(invalid);
      if (!this.accounts.has(request.email) && !this.session.hasUser(request.email)) {
        return fail(providerFailure('email_not_found', 404, 'Email could not be found.'));
      }
      this.sentResets.push({ request, token: `fake-reset-token-${this.sentResets.length + 1}`, used: false });
      return ok(undefined);
    });
  }

  resetByEmail(token: string, password: string, _sessionDurationMinutes: number, options?: CallOptions): Promise<Result<PasswordSignIn>> {
    return this.resets.run(options, () => {
      const reset = this.sentResets.find((candidate) => candidate.token === token);
      if (reset === undefined || reset.used) {
        return fail(providerFailure('unable_to_auth_password_reset_token', 401, 'The password reset token could not be authenticated.'));
      }
      const { email } = reset.request;
      const refused = this.refusal(password, email);
      if (refused) return fail(refused);
      reset.used = true;
      this.accounts.set(email, { password, requiresReset: false, failures: 0 });
      return ok(this.signIn(email));
    });
  }

  private checkEmail(email: string): AuthError | null {
    return isValidEmail(email) ? null : providerFailure('invalid_email', 400, 'Email format is invalid.');
  }

  private judge(password: string, email: string | null): PasswordStrength {
    const breached = isBreachedPassword(password);
    const score = fakeScore(password, email);
    if (this.policy.strengthPolicy === 'luds') {
      const luds = ludsShortfall(password, this.policy.minLength, this.policy.minComplexity);
      return {
        score,
        validPassword: luds.missingCharacters === 0 && luds.missingComplexity === 0 && !breached,
        breachedPassword: breached,
        strengthPolicy: 'luds',
        warning: '',
        suggestions: [],
        ludsRequirements: luds,
      };
    }
    return {
      score,
      validPassword: score >= 3 && !breached,
      breachedPassword: breached,
      strengthPolicy: 'zxcvbn',
      warning: score < 3 ? 'This is a very common password.' : '',
      suggestions: score < 3 ? ['Add another word or two. Uncommon words are better.'] : [],
      ludsRequirements: null,
    };
  }

  /** Why a new password is refused (`breached_password`, `weak_password`), or null. */
  private refusal(password: string, email: string): AuthError | null {
    const verdict = this.judge(password, email);
    if (verdict.breachedPassword) return providerFailure('breached_password', 400, 'This password may have been used on a different site that experienced a security issue.');
    if (!verdict.validPassword) return providerFailure('weak_password', 400, 'Password does not meet the strength requirements.');
    return null;
  }

  private signIn(email: string): PasswordSignIn {
    const session = sessionFor(email, this.session.userNumberFor(email));
    this.session.setSession(session);
    return { session, sessionToken: this.session.issueToken(session) };
  }
}
