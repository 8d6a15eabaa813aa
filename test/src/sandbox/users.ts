import { isValidEmail } from '@vestibule/core/email-validation';
import type { StytchEmail, StytchName, StytchUser } from './model';
import type { SandboxState, UserRecord } from './state';
import { SandboxError, newId, toIso } from './wire';

const E164_PATTERN = /^\+[1-9]\d{6,14}$/;

/** Stytch stores addresses lower-cased; lookups are case-insensitive. */
function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The address as stored ({@link normalizeEmail}), or Stytch's `invalid_email` by the client's own
 * rule (core's `isValidEmail`), so a value the UI sends is never refused here for another reason.
 * Judged before lower-casing, which can lengthen it ('İ' becomes 'i̇'), as the client judged it.
 */
export function validEmail(raw: string): string {
  if (!isValidEmail(raw.trim())) throw new SandboxError(400, 'invalid_email', 'Email format is invalid.');
  return normalizeEmail(raw);
}

export function assertValidPhone(phone: string): void {
  if (!E164_PATTERN.test(phone)) {
    throw new SandboxError(400, 'invalid_phone_number', 'Phone number format is invalid. Use E.164, e.g. +15555550100.');
  }
}

export function findUserByEmail(state: SandboxState, email: string): { record: UserRecord; email: StytchEmail } | null {
  const wanted = normalizeEmail(email);
  for (const record of state.users.values()) {
    const match = record.user.emails.find((entry) => entry.email === wanted);
    if (match) return { record, email: match };
  }
  return null;
}

export function findUserByPhone(state: SandboxState, phone: string): UserRecord | null {
  for (const record of state.users.values()) {
    if (record.user.phone_numbers.some((entry) => entry.phone_number === phone)) return record;
  }
  return null;
}

export function parseName(name: unknown): StytchName {
  const empty: StytchName = { first_name: '', middle_name: '', last_name: '' };
  if (typeof name === 'string') {
    const parts = name.trim().split(/\s+/).filter((part) => part !== '');
    if (parts.length === 0) return empty;
    return {
      first_name: parts[0] ?? '',
      middle_name: parts.slice(1, -1).join(' '),
      last_name: parts.length > 1 ? (parts[parts.length - 1] ?? '') : '',
    };
  }
  if (typeof name === 'object' && name !== null) {
    const field = (key: string): string => {
      const value = (name as Record<string, unknown>)[key];
      return typeof value === 'string' ? value : '';
    };
    return { first_name: field('first_name'), middle_name: field('middle_name'), last_name: field('last_name') };
  }
  return empty;
}

export interface NewUser {
  email?: string;
  emailVerified?: boolean;
  phone?: string;
  password?: string;
  /** With a password: the user must reset it before signing in with one (Stytch's `requires_reset`). */
  requiresReset?: boolean;
  name?: StytchName;
  status?: 'active' | 'pending';
}

/** Creates and stores a user. Callers validate formats; uniqueness is enforced here. */
export function createUser(state: SandboxState, now: number, input: NewUser): UserRecord {
  const email = input.email === undefined ? undefined : normalizeEmail(input.email);
  if (email !== undefined && findUserByEmail(state, email)) {
    throw new SandboxError(409, 'duplicate_email', 'A user with this email already exists.');
  }
  if (input.phone !== undefined && findUserByPhone(state, input.phone)) {
    throw new SandboxError(409, 'duplicate_phone_number', 'A user with this phone number already exists.');
  }
  const user: StytchUser = {
    user_id: newId('user'),
    created_at: toIso(now),
    status: input.status ?? 'active',
    name: input.name ?? { first_name: '', middle_name: '', last_name: '' },
    emails: email === undefined ? [] : [{ email, email_id: newId('email'), verified: input.emailVerified ?? false }],
    phone_numbers:
      input.phone === undefined ? [] : [{ phone_number: input.phone, phone_id: newId('phone-number'), verified: true }],
    providers: [],
    crypto_wallets: [],
    webauthn_registrations: [],
    totps: [],
    biometric_registrations: [],
    password: input.password === undefined ? null : { password_id: newId('password'), requires_reset: input.requiresReset ?? false },
    trusted_metadata: {},
    untrusted_metadata: {},
    roles: [],
  };
  const record: UserRecord = { user, password: input.password ?? null };
  state.users.set(user.user_id, record);
  return record;
}
