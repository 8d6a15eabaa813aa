import type { AuthSession, AuthUser, ProviderSession } from '@vestibule/core';

/**
 * The schema of the Stytch session data the product reads: the SDK's `{session, user}` as it
 * keeps it in memory and in localStorage (where any tab can write it, issue 16 item 3) and as
 * authenticate calls answer it. Hand-written rather than zod or valibot: neither is a dependency
 * (zod is in the lockfile only under eslint and knip), these are a handful of fields, and this
 * parser ships in the composition chunk every page loads.
 *
 * It reads own properties only (a `__proto__` key in JSON is an own key, and an inherited field is
 * not data the provider sent), copies what it keeps, and bounds every string, so nothing it returns
 * aliases or carries more than the product shows.
 */

/** A parse of provider data: the value, or why it was refused (never the data itself: it is PII). */
export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

const accept = <T>(value: T): Parsed<T> => ({ ok: true, value });
const refuse = (problem: string): { readonly ok: false; readonly problem: string } => ({ ok: false, problem });

// Generous bounds: Stytch ids are ~50 characters, an address at most 254, E.164 at most 16, a
// wallet address at most 44 (Solana; Ethereum's 42).
const MAX_ID = 200;
const MAX_EMAIL = 320;
const MAX_PHONE = 32;
const MAX_WALLET = 100;
const MAX_TIMESTAMP = 64;
const MAX_ROLES = 100;

type JsonRecord = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is JsonRecord => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An own property only. */
const own = (record: JsonRecord, key: string): unknown => (Object.hasOwn(record, key) ? record[key] : undefined);

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;

/**
 * The first entry's `key` of an optional list (`emails`, `phone_numbers`, `crypto_wallets`):
 * absent or `null` is an empty list (a user signed up by phone has no e-mail, and the reverse);
 * anything else must be a list of entries whose `key` is bounded text.
 */
function firstOf(user: JsonRecord, list: string, key: string, max: number): Parsed<string | null> {
  const entries = own(user, list);
  if (entries === undefined || entries === null) return accept(null);
  if (!Array.isArray(entries)) return refuse(`user.${list} is not a list`);
  for (const entry of entries as readonly unknown[]) {
    if (!isRecord(entry) || !isText(own(entry, key), max)) return refuse(`user.${list} holds an entry without a ${key}`);
  }
  const first: unknown = entries[0];
  return accept(isRecord(first) ? (own(first, key) as string) : null);
}

function parseRoles(user: JsonRecord): Parsed<readonly string[]> {
  const roles = own(user, 'roles');
  if (roles === undefined || roles === null) return accept([]);
  if (!Array.isArray(roles) || roles.length > MAX_ROLES || !roles.every((role) => isText(role, MAX_ID))) return refuse('user.roles is not a list of names');
  return accept([...(roles as readonly string[])]);
}

function parseMetadata(user: JsonRecord): Parsed<Readonly<Record<string, unknown>>> {
  const metadata = own(user, 'untrusted_metadata');
  if (metadata === undefined || metadata === null) return accept({});
  if (!isRecord(metadata)) return refuse('user.untrusted_metadata is not an object');
  // fromEntries defines properties, so a `__proto__` key stays a key and never sets a prototype.
  return accept(Object.fromEntries(Object.entries(metadata)));
}

/** A Stytch user as the product's {@link AuthUser}. */
function parseStytchUser(value: unknown): Parsed<AuthUser> {
  if (!isRecord(value)) return refuse('the user is not an object');
  const userId = own(value, 'user_id');
  if (!isText(userId, MAX_ID)) return refuse('user.user_id is not an id');
  const email = firstOf(value, 'emails', 'email', MAX_EMAIL);
  if (!email.ok) return email;
  const phone = firstOf(value, 'phone_numbers', 'phone_number', MAX_PHONE);
  if (!phone.ok) return phone;
  // Every wallet needs an address and a type, as every e-mail an address; a type other than the
  // two Stytch supports leaves the wallet out (it is shown, not trusted) rather than signing out.
  const wallet = firstOf(value, 'crypto_wallets', 'crypto_wallet_address', MAX_WALLET);
  if (!wallet.ok) return wallet;
  const chain = firstOf(value, 'crypto_wallets', 'crypto_wallet_type', MAX_ID);
  if (!chain.ok) return chain;
  const roles = parseRoles(value);
  if (!roles.ok) return roles;
  const metadata = parseMetadata(value);
  if (!metadata.ok) return metadata;
  return accept({
    userId,
    email: email.value,
    ...(phone.value === null ? {} : { phoneNumber: phone.value }),
    ...(chain.value === 'ethereum' || chain.value === 'solana' ? { cryptoWallet: { address: wallet.value as string, chain: chain.value } } : {}),
    roles: roles.value,
    untrustedMetadata: metadata.value,
  });
}

/** A Stytch session of `userId` as the product's {@link AuthSession}. */
function parseSession(value: unknown, userId: string): Parsed<AuthSession> {
  if (!isRecord(value)) return refuse('the session is not an object');
  const sessionId = own(value, 'session_id');
  if (!isText(sessionId, MAX_ID)) return refuse('session.session_id is not an id');
  const expiresAt = own(value, 'expires_at');
  // Cookies expire with it, so it must be a date.
  if (!isText(expiresAt, MAX_TIMESTAMP) || Number.isNaN(Date.parse(expiresAt))) return refuse('session.expires_at is not a date');
  // A session spliced onto another user's object would show that user's identity.
  const owner = own(value, 'user_id');
  if (owner !== undefined && owner !== userId) return refuse('session.user_id is another user');
  return accept({ sessionId, expiresAt });
}

/**
 * The SDK's user and session as one {@link ProviderSession}: neither is signed out; both must
 * be well formed; one without the other is malformed.
 */
export function parseStytchSession(user: unknown, session: unknown): Parsed<ProviderSession> {
  const noUser = user === null || user === undefined;
  const noSession = session === null || session === undefined;
  if (noUser && noSession) return accept(null);
  if (noUser) return refuse('a session without a user');
  if (noSession) return refuse('a user without a session');
  const parsedUser = parseStytchUser(user);
  if (!parsedUser.ok) return parsedUser;
  const parsedSession = parseSession(session, parsedUser.value.userId);
  if (!parsedSession.ok) return parsedSession;
  return accept({ user: parsedUser.value, session: parsedSession.value });
}

/**
 * The SDK's whole stored state, as the text of its localStorage entry: `null` (or no entry) when
 * signed out, else exactly `{session, user}` as {@link parseStytchSession} takes them.
 */
export function parseStytchStoredState(text: string | null): Parsed<ProviderSession> {
  if (text === null) return accept(null);
  let state: unknown;
  try {
    state = JSON.parse(text);
  } catch {
    return refuse('the stored state is not JSON');
  }
  if (state === null) return accept(null);
  if (!isRecord(state)) return refuse('the stored state is not an object');
  const session = parseStytchSession(own(state, 'user'), own(state, 'session'));
  // `{}` would sign this tab out without saying so; the SDK writes `null` for that.
  if (session.ok && session.value === null) return refuse('the stored state has no session');
  return session;
}
