// Stytch's consumer passcode (OTP) endpoints as @stytch/vanilla-js 6.3.0 calls them
// (research/stytch-sdk.md §4 and §9.8): e-mail, SMS and WhatsApp login_or_create, and authenticate.
// Registered by ./sdk-handlers, behind its fault injection and its domain and product checks
// (`sdk_products.otps` gates every /otps path). The rules themselves are in ./otps.
//
// Choices where Stytch's documentation leaves the answer open:
// - the method_id is the e-mail's email_id or the phone's phone_id, so SMS and WhatsApp to one
//   number share a method, and a new send to either replaces the previous code;
// - wrong codes are counted per method (OTP_ATTEMPT_LIMIT); the lock lasts the project's
//   `lockout_minutes` and is answered 429 `user_lock_limit_reached` without Retry-After;
// - sends are rate limited per destination (`rate_limits.otp_sends_per_destination`), all
//   channels together.

import type { RequestHandler } from 'msw';
import type { JsonObject, StytchAuthenticationFactor, StytchEmail, StytchPhoneFactor, StytchPhoneNumber } from './model';
import { SANDBOX_EMAIL_FROM, deliver } from './outbox';
import {
  OTP_LOCK_MESSAGE,
  type OtpChannel,
  SANDBOX_SMS_FROM,
  assertReachablePhone,
  generateOtpCode,
  isOtpLocked,
  isWellFormedCode,
  otpExpirationMinutes,
  passcodeText,
  recordOtpFailure,
} from './otps';
import type { SdkCaller } from './password-handlers';
import { callerOrigin } from './project';
import { takeRateLimit } from './rate-limit';
import { type SandboxContext, route } from './routing';
import { assertSessionDuration, emailFactor, signIn } from './sessions';
import type { OtpRecord, UserRecord } from './state';
import { createUser, findUserByEmail, findUserByPhone, validEmail } from './users';
import { SandboxError, dataResponse, optionalNumber, optionalString, readJsonObject, toIso } from './wire';

type PhoneChannel = Exclude<OtpChannel, 'email'>;

const CHANNEL_NAMES: Record<OtpChannel, string> = { email: 'Email', sms: 'Text message', whatsapp: 'WhatsApp' };

const codeNotFound = (): SandboxError =>
  new SandboxError(404, 'otp_code_not_found', 'The passcode is incorrect, was already used, or was never sent to this method.');

/** The e-mail or phone entry a code sent to `record`'s method reached, and the factor it proves. */
function proofOf(user: UserRecord, record: OtpRecord, at: number): { factor: StytchAuthenticationFactor; proved: StytchEmail | StytchPhoneNumber } {
  if (record.channel === 'email') {
    const email = user.user.emails.find((entry) => entry.email_id === record.methodId);
    if (!email) throw codeNotFound();
    return { factor: emailFactor('otp', email, at), proved: email };
  }
  const phone = user.user.phone_numbers.find((entry) => entry.phone_id === record.methodId);
  if (!phone) throw codeNotFound();
  const factor: StytchPhoneFactor = {
    type: 'otp',
    delivery_method: record.channel,
    last_authenticated_at: toIso(at),
    phone_number_factor: { phone_id: phone.phone_id, phone_number: phone.phone_number },
  };
  return { factor, proved: phone };
}

/**
 * @param sdk the SDK base path pattern (`*\/__sandbox/stytch/sdk/v1`)
 */
export function createOtpHandlers(ctx: SandboxContext, sdk: string, caller: SdkCaller): RequestHandler[] {
  const { state, now } = ctx;

  /** A user with this address or number (created when new), and the e-mail or phone entry. */
  function emailUser(email: string, pending: boolean, at: number): { record: UserRecord; email: StytchEmail; created: boolean } {
    const existing = findUserByEmail(state, email);
    if (existing) return { ...existing, created: false };
    const record = createUser(state, at, { email, status: pending ? 'pending' : 'active' });
    const entry = record.user.emails[0];
    if (!entry) throw new Error('createUser dropped the email');
    return { record, email: entry, created: true };
  }

  function phoneUser(phone: string, pending: boolean, at: number): { record: UserRecord; phone: StytchPhoneNumber; created: boolean } {
    const existing = findUserByPhone(state, phone);
    const entry = existing?.user.phone_numbers.find((candidate) => candidate.phone_number === phone);
    if (existing && entry) return { record: existing, phone: entry, created: false };
    const record = createUser(state, at, { phone, status: pending ? 'pending' : 'active' });
    const created = record.user.phone_numbers[0];
    if (!created) throw new Error('createUser dropped the phone number');
    // Unproved until a code sent to it comes back.
    created.verified = false;
    return { record, phone: created, created: true };
  }

  /** Stores a fresh code for the method (the attempt count and lock stay) and "sends" it. */
  function issue(channel: OtpChannel, methodId: string, userId: string, destination: string, minutes: number, at: number, origin: URL | null = null): void {
    const code = generateOtpCode();
    const previous = state.otps.get(methodId);
    state.otps.set(methodId, {
      methodId,
      userId,
      channel,
      destination,
      code,
      createdAt: at,
      expiresAt: at + minutes * 60_000,
      failures: previous?.failures ?? 0,
      lockedUntil: previous?.lockedUntil ?? null,
    });
    deliver(state, at, {
      channel,
      from: channel === 'email' ? SANDBOX_EMAIL_FROM : SANDBOX_SMS_FROM,
      to: destination,
      subject: `${CHANNEL_NAMES[channel]} passcode to ${destination}`,
      // A text ends with the origin-bound line WebOTP reads (`@host #code`), as Stytch's SMS do.
      text: channel === 'sms' && origin !== null ? `${passcodeText(code, minutes)}\n\n@${origin.hostname} #${code}` : passcodeText(code, minutes),
      code,
    });
  }

  /** Reads and checks what every send takes; counted against the destination's budget last. */
  function sendOptions(body: JsonObject, destination: string): { minutes: number; pending: boolean } {
    const minutes = otpExpirationMinutes(optionalNumber(body, 'expiration_minutes'), state.project.otp_expiration_minutes);
    // Accepted and not used: the sandbox has one template and writes English.
    optionalString(body, 'locale');
    optionalString(body, 'login_template_id');
    optionalString(body, 'signup_template_id');
    takeRateLimit(state, `otp_send:${destination}`, state.project.rate_limits.otp_sends_per_destination, now());
    return { minutes, pending: body['create_user_as_pending'] === true };
  }

  function phoneLoginOrCreate(channel: PhoneChannel) {
    return async (request: Request): Promise<Response> => {
      caller.sessionToken(request);
      const body = await readJsonObject(request);
      const raw = body['phone_number'];
      const phone = typeof raw === 'string' ? raw.trim() : '';
      assertReachablePhone(phone, channel);
      const { minutes, pending } = sendOptions(body, phone);
      const at = now();
      const found = phoneUser(phone, pending, at);
      issue(channel, found.phone.phone_id, found.record.user.user_id, phone, minutes, at, callerOrigin(request));
      return dataResponse({
        method_id: found.phone.phone_id,
        user_id: found.record.user.user_id,
        user_created: found.created,
        phone_id: found.phone.phone_id,
      });
    };
  }

  return [
    route('post', `${sdk}/otps/email/login_or_create`, async (request) => {
      caller.sessionToken(request);
      const body = await readJsonObject(request);
      const raw = body['email'];
      if (typeof raw !== 'string') throw new SandboxError(400, 'invalid_email', 'Email format is invalid.');
      const email = validEmail(raw);
      const { minutes, pending } = sendOptions(body, email);
      const at = now();
      const found = emailUser(email, pending, at);
      issue('email', found.email.email_id, found.record.user.user_id, found.email.email, minutes, at);
      return dataResponse({
        method_id: found.email.email_id,
        user_id: found.record.user.user_id,
        user_created: found.created,
        email_id: found.email.email_id,
      });
    }),

    route('post', `${sdk}/otps/sms/login_or_create`, phoneLoginOrCreate('sms')),
    route('post', `${sdk}/otps/whatsapp/login_or_create`, phoneLoginOrCreate('whatsapp')),

    route('post', `${sdk}/otps/authenticate`, async (request) => {
      caller.sessionToken(request);
      const body = await readJsonObject(request);
      const duration = optionalNumber(body, 'session_duration_minutes');
      assertSessionDuration(duration, state.project.session_duration_minutes);
      const token = body['token'];
      if (!isWellFormedCode(token)) throw new SandboxError(400, 'invalid_code', 'Code format is invalid: a passcode is 6 digits.');
      const methodId = optionalString(body, 'method_id');
      const record = methodId === undefined ? undefined : state.otps.get(methodId);
      const user = record ? state.users.get(record.userId) : undefined;
      if (!record || !user) throw codeNotFound();

      const at = now();
      // While locked, every code is refused, the right one included.
      if (isOtpLocked(record, at)) throw new SandboxError(429, 'user_lock_limit_reached', OTP_LOCK_MESSAGE);
      if (record.code === null || record.code !== token) {
        recordOtpFailure(record, at, state.project.lockout_minutes);
        throw codeNotFound();
      }
      if (at > record.expiresAt) {
        throw new SandboxError(401, 'unable_to_auth_otp_code', 'The passcode has expired. Send a new one.');
      }

      record.code = null;
      record.failures = 0;
      record.lockedUntil = null;
      const signedIn = signIn(state, request, at, { user, ...proofOf(user, record, at), durationMinutes: duration });
      return dataResponse({ ...signedIn, method_id: record.methodId, reset_sessions: false });
    }),
  ];
}
