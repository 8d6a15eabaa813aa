import {
  fail,
  ok,
  providerError,
  type AuthError,
  type CallOptions,
  type PasscodesPort,
  type PasscodeSignIn,
  type ProviderSession,
  type Result,
  type SendPasscodeRequest,
} from '@vestibule/core';
// The provider's own address check is the sandbox's, which is the client's rule.
import { isValidEmail } from '@vestibule/core/email-validation';
import { callingCodeOf, UNSUBSCRIBED_PHONE_NUMBER } from '../sandbox/otps';
import { CallScript } from './call-script';
import { type FakeSession, sessionFor } from './fake-session';

/** The provider's own checks (the sandbox's): the client sends anything, the provider decides. */
const E164_PATTERN = /^\+[1-9]\d{6,14}$/;

/** Wrong codes for one method after which it is locked (the sandbox's count). */
export const FAKE_PASSCODE_ATTEMPT_LIMIT = 5;

/** A passcode the fake provider "sent". */
export interface SentPasscode {
  readonly request: SendPasscodeRequest;
  readonly methodId: string;
  readonly code: string;
  used: boolean;
  /** The fake's own clock: expire it by hand with `fake.expire(methodId)`. */
  expired: boolean;
}

const failure = (type: string, status: number, message: string): AuthError => providerError(type, { status, serverMessage: message });

/**
 * Passcodes as an in-memory provider, with the sandbox's rules: the address or number is checked
 * (`invalid_email`, `invalid_phone_number`, `invalid_phone_number_country_code`,
 * `unsubscribed_phone_number` for SMS to the sandbox's fixture), one method per destination
 * (SMS and WhatsApp to one number share it), a new send replaces the code, codes are single use,
 * six digits (`invalid_code`), wrong ones `otp_code_not_found`, and after
 * {@link FAKE_PASSCODE_ATTEMPT_LIMIT} wrong ones the method answers `user_lock_limit_reached`.
 * Codes are predictable (`100001`, `100002`, …) but tests should read them with {@link latestCode}.
 */
export class FakePasscodes implements PasscodesPort {
  /** Scripts: `fake.sends.failNext(error)`, `fake.verifications.holdNext()`. */
  readonly sends = new CallScript<{ readonly methodId: string }>();
  readonly verifications = new CallScript<PasscodeSignIn>();
  /** Every passcode sent, oldest first. */
  readonly sent: SentPasscode[] = [];
  /** Wrong codes per method. */
  private readonly failures = new Map<string, number>();
  private readonly methods = new Map<string, string>();

  constructor(private readonly session: FakeSession) {}

  /** The code of the newest passcode sent (to `destination`, if given). */
  latestCode(destination?: string): string | undefined {
    return this.latest(destination)?.code;
  }

  /** Makes every code sent so far for `methodId` expired. */
  expire(methodId: string): void {
    for (const passcode of this.sent) if (passcode.methodId === methodId) passcode.expired = true;
  }

  send(request: SendPasscodeRequest, options?: CallOptions): Promise<Result<{ readonly methodId: string }>> {
    return this.sends.run(options, () => {
      const refused = this.refusal(request);
      if (refused) return fail(refused);
      const methodId = this.methodIdFor(request);
      // A new send replaces the previous code of the method.
      for (const passcode of this.sent) if (passcode.methodId === methodId) passcode.used = true;
      const code = String(100_000 + this.sent.length + 1);
      this.sent.push({ request, methodId, code, used: false, expired: false });
      return ok({ methodId });
    });
  }

  verify(code: string, methodId: string, _sessionDurationMinutes: number, options?: CallOptions): Promise<Result<PasscodeSignIn>> {
    return this.verifications.run(options, () => {
      if (!/^\d{6}$/.test(code)) return fail(failure('invalid_code', 400, 'Code format is invalid.'));
      const failures = this.failures.get(methodId) ?? 0;
      if (failures >= FAKE_PASSCODE_ATTEMPT_LIMIT) {
        return fail(failure('user_lock_limit_reached', 429, 'Too many failed authentication attempts. Please try again later.'));
      }
      const passcode = this.sent.find((candidate) => candidate.methodId === methodId && candidate.code === code && !candidate.used);
      if (passcode === undefined) {
        if ([...this.methods.values()].includes(methodId)) this.failures.set(methodId, failures + 1);
        return fail(failure('otp_code_not_found', 404, 'The passcode is incorrect, was already used, or was never sent.'));
      }
      if (passcode.expired) return fail(failure('unable_to_auth_otp_code', 401, 'The passcode has expired.'));
      passcode.used = true;
      this.failures.delete(methodId);
      const { destination, channel } = passcode.request;
      const base = sessionFor(destination, this.session.userNumberFor(destination));
      const session: NonNullable<ProviderSession> = channel === 'email' ? base : { ...base, user: { ...base.user, email: null, phoneNumber: destination } };
      this.session.setSession(session);
      return ok({ session, sessionToken: `fake-session-token-${methodId}` });
    });
  }

  private latest(destination: string | undefined): SentPasscode | undefined {
    for (let i = this.sent.length - 1; i >= 0; i--) {
      const passcode = this.sent[i];
      if (passcode !== undefined && (destination === undefined || passcode.request.destination === destination)) return passcode;
    }
    return undefined;
  }

  private methodIdFor(request: SendPasscodeRequest): string {
    const kind = request.channel === 'email' ? 'email' : 'phone-number';
    const existing = this.methods.get(`${kind}:${request.destination}`);
    if (existing !== undefined) return existing;
    const methodId = `${kind}-test-${this.methods.size + 1}`;
    this.methods.set(`${kind}:${request.destination}`, methodId);
    return methodId;
  }

  private refusal(request: SendPasscodeRequest): AuthError | null {
    const { channel, destination } = request;
    if (request.expirationMinutes !== undefined && (!Number.isInteger(request.expirationMinutes) || request.expirationMinutes < 1 || request.expirationMinutes > 10)) {
      return failure('invalid_expiration', 400, 'expiration_minutes must be an integer between 1 and 10.');
    }
    if (channel === 'email') return isValidEmail(destination) ? null : failure('invalid_email', 400, 'Email format is invalid.');
    if (!E164_PATTERN.test(destination)) return failure('invalid_phone_number', 400, 'Phone number format is invalid.');
    if (callingCodeOf(destination) === null) return failure('invalid_phone_number_country_code', 400, 'The country code of the phone number is invalid.');
    if (channel === 'sms' && destination === UNSUBSCRIBED_PHONE_NUMBER) {
      return failure('unsubscribed_phone_number', 400, 'The phone number has opted out of SMS messages. Text START to resubscribe.');
    }
    return null;
  }
}
