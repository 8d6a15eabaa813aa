import type { Result } from '../domain/errors/auth-error';
import type { CallOptions } from './call-options';
import type { ProviderSession } from './session.port';

/** A verified passcode: the session, and its token for the pages that hand it on (`/login/callback/web`). */
export interface PasscodeSignIn {
  readonly session: NonNullable<ProviderSession>;
  readonly sessionToken: string;
}

export type PasscodeChannel = 'email' | 'sms' | 'whatsapp';

export interface SendPasscodeRequest {
  readonly channel: PasscodeChannel;
  /** An e-mail address, or an E.164 phone number for sms/whatsapp. */
  readonly destination: string;
  /** Minutes the code lasts; absent, the provider's configured expiry applies (Stytch's project setting). */
  readonly expirationMinutes?: number;
  readonly locale?: string;
  readonly loginTemplateId?: string;
  readonly signupTemplateId?: string;
}

/** One-time passcodes by e-mail, SMS and WhatsApp (SPEC §7 "otps"). */
export interface PasscodesPort {
  /** Resolves with the `method_id` the code must be verified against. */
  send(request: SendPasscodeRequest, options?: CallOptions): Promise<Result<{ readonly methodId: string }>>;
  verify(code: string, methodId: string, sessionDurationMinutes: number, options?: CallOptions): Promise<Result<PasscodeSignIn>>;
}
