// Wire shapes of the Stytch objects the sandbox hands out (research/stytch-sdk.md §4.2).
// They are serialised as-is, so field names follow Stytch's snake_case.

export interface StytchName {
  first_name: string;
  middle_name: string;
  last_name: string;
}

export interface StytchEmail {
  email: string;
  email_id: string;
  verified: boolean;
}

export interface StytchPhoneNumber {
  phone_number: string;
  phone_id: string;
  verified: boolean;
}

export interface StytchOAuthProvider {
  oauth_user_registration_id: string;
  provider_subject: string;
  provider_type: string;
  profile_picture_url: string;
  locale: string;
}

export interface StytchCryptoWallet {
  crypto_wallet_id: string;
  crypto_wallet_address: string;
  crypto_wallet_type: string;
  verified: boolean;
}

export interface StytchWebAuthnRegistration {
  webauthn_registration_id: string;
  domain: string;
  user_agent: string;
  authenticator_type: string;
  verified: boolean;
  name: string;
}

interface StytchTotp {
  totp_id: string;
  verified: boolean;
}

interface StytchBiometricRegistration {
  biometric_registration_id: string;
  verified: boolean;
}

interface StytchPassword {
  password_id: string;
  requires_reset: boolean;
}

export type JsonObject = { [key: string]: unknown };

export interface StytchUser {
  user_id: string;
  created_at: string;
  status: 'active' | 'pending';
  name: StytchName;
  emails: StytchEmail[];
  phone_numbers: StytchPhoneNumber[];
  providers: StytchOAuthProvider[];
  crypto_wallets: StytchCryptoWallet[];
  webauthn_registrations: StytchWebAuthnRegistration[];
  totps: StytchTotp[];
  biometric_registrations: StytchBiometricRegistration[];
  password: StytchPassword | null;
  trusted_metadata: JsonObject;
  untrusted_metadata: JsonObject;
  roles: string[];
}

export interface StytchEmailFactor {
  type: 'magic_link' | 'otp';
  delivery_method: 'email';
  last_authenticated_at: string;
  email_factor: { email_id: string; email_address: string };
}

/**
 * A password sign-in: `knowledge` for create and authenticate; a reset by e-mail also proved the
 * address, so it is reported as delivered by `email` with its e-mail factor.
 */
export type StytchPasswordFactor =
  | { type: 'password'; delivery_method: 'knowledge'; last_authenticated_at: string }
  | {
      type: 'password';
      delivery_method: 'email';
      last_authenticated_at: string;
      email_factor: { email_id: string; email_address: string };
    };

/** A passcode sent by SMS or WhatsApp. */
export interface StytchPhoneFactor {
  type: 'otp';
  delivery_method: 'sms' | 'whatsapp';
  last_authenticated_at: string;
  phone_number_factor: { phone_id: string; phone_number: string };
}

/**
 * An OAuth sign-in (redirect or One Tap): `oauth_google` with `google_oauth_factor`, and so on per
 * provider, so the factor's key is named after the provider.
 */
export type StytchOAuthFactor = {
  type: 'oauth';
  delivery_method: `oauth_${string}`;
  last_authenticated_at: string;
} & { [factor: `${string}_oauth_factor`]: { id: string; email_id: string; provider_subject: string } };

/** A passkey or security key: registering one or signing in with it. */
export interface StytchWebAuthnFactor {
  type: 'webauthn';
  delivery_method: 'webauthn_registration';
  last_authenticated_at: string;
  webauthn_factor: { webauthn_registration_id: string; domain: string; user_agent: string };
}

/** A crypto wallet that signed the sandbox's challenge (Stytch's `crypto` type, `crypto_wallet` delivery). */
export interface StytchCryptoWalletFactor {
  type: 'crypto';
  delivery_method: 'crypto_wallet';
  last_authenticated_at: string;
  crypto_wallet_factor: { crypto_wallet_id: string; crypto_wallet_address: string; crypto_wallet_type: string };
}

/** A session attested from a trusted auth token (sessions/attest): Stytch's `trusted_token_exchange`. */
export interface StytchTrustedAuthTokenFactor {
  type: 'trusted_auth_token';
  delivery_method: 'trusted_token_exchange';
  last_authenticated_at: string;
  trusted_auth_token_factor: { token_id: string };
}

// Other factor kinds (TOTP) join this union when their endpoints are emulated.
export type StytchAuthenticationFactor =
  | StytchEmailFactor
  | StytchPasswordFactor
  | StytchPhoneFactor
  | StytchOAuthFactor
  | StytchWebAuthnFactor
  | StytchCryptoWalletFactor
  | StytchTrustedAuthTokenFactor;

export interface StytchSession {
  session_id: string;
  user_id: string;
  started_at: string;
  last_accessed_at: string;
  expires_at: string;
  attributes: { ip_address: string; user_agent: string };
  authentication_factors: StytchAuthenticationFactor[];
  custom_claims: JsonObject;
  roles: string[];
}

/** One entry of the sandbox outbox: what a real provider would have e-mailed or texted. */
export interface SandboxMessage {
  id: string;
  channel: 'email' | 'sms' | 'whatsapp';
  /** Sender address or number, as the recipient would see it. */
  from?: string;
  to: string;
  subject: string;
  text: string;
  link?: string;
  code?: string;
  /** ISO 8601 */
  sentAt: string;
}
