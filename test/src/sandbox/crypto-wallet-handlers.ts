// Stytch's consumer crypto wallet endpoints as @stytch/vanilla-js 6.3.0 calls them (research/
// stytch-sdk.md §4: cryptoWallets.authenticateStart and authenticate): authenticate/start/
// {primary,secondary} hands out the message to sign, authenticate checks the signature and signs
// in, and the user's DELETE /users/crypto_wallets/:id removes one. Registered by ./sdk-handlers,
// behind its fault injection and its domain and product checks (`sdk_products.crypto_wallets`
// gates every /crypto_wallets path).
//
// Signatures are verified for real (./crypto-wallets): Ethereum `personal_sign` by recovering the
// signer, Solana `signMessage` by ed25519. A challenge works once, for one wallet (address and
// type), for CRYPTO_WALLET_CHALLENGE_MINUTES. Status codes and error types, and where they come
// from, are in docs/decisions.md ("The sandbox's crypto wallet endpoints").

import type { RequestHandler } from 'msw';
import { CRYPTO_WALLET_TYPES, type CryptoWalletType, canonicalAddress, verifyWalletSignature } from './crypto-wallets';
import type { JsonObject, StytchCryptoWallet, StytchCryptoWalletFactor } from './model';
import type { SdkCaller } from './password-handlers';
import { type SandboxContext, route } from './routing';
import { addSessionFactor, assertSessionDuration, findLiveSession, requireLiveSession, signIn } from './sessions';
import { type CryptoWalletChallengeRecord, type SessionRecord, type UserRecord, cryptoWalletKey } from './state';
import { createUser } from './users';
import { SandboxError, dataResponse, isJsonObject, newId, optionalNumber, readJsonObject, toIso } from './wire';

/** How long a start's message can be signed: Stytch states none, so 5 minutes, as for passkeys. */
export const CRYPTO_WALLET_CHALLENGE_MINUTES = 5;
/** The longest SIWE statement accepted; Stytch states none. */
const SIWE_STATEMENT_MAX_LENGTH = 500;
const CHAIN_ID = /^[1-9][0-9]{0,18}$/;
/** Control characters (a line break above all) would forge lines of the message the wallet shows. */
const hasControl = (text: string): boolean => [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

const walletNotFound = (): SandboxError =>
  new SandboxError(404, 'crypto_wallet_not_found', 'No sign-in was started for this crypto wallet: call crypto_wallets/authenticate/start first.');

const unableToAuth = (why: string): SandboxError =>
  new SandboxError(401, 'unable_to_authenticate_crypto_wallet', `The crypto wallet could not be authenticated: ${why}`);

function readType(body: JsonObject): CryptoWalletType {
  const type = body['crypto_wallet_type'];
  const known = CRYPTO_WALLET_TYPES.find((entry) => entry === type);
  if (!known) throw new SandboxError(400, 'invalid_wallet_type', 'crypto_wallet_type must be "ethereum" or "solana".');
  return known;
}

function readAddress(body: JsonObject, type: CryptoWalletType): string {
  const address = canonicalAddress(type, body['crypto_wallet_address']);
  if (address === null) {
    const shape =
      type === 'ethereum' ? '0x and 40 hex digits, with a correct EIP-55 checksum if the case is mixed' : 'a base58 ed25519 public key (32 bytes)';
    throw new SandboxError(400, 'invalid_crypto_wallet_address', `crypto_wallet_address must be an ${type} address: ${shape}.`);
  }
  return address;
}

/** A nonce as SIWE requires it (alphanumeric, at least 8 characters): 128 random bits in hex. */
function nonce(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function siweText(params: JsonObject, key: string, error: string, max = 2_000): string | undefined {
  const value = params[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value === '' || value.length > max || hasControl(value)) {
    throw new SandboxError(400, error, `siwe_params.${key} must be a non-empty single line of at most ${max} characters.`);
  }
  return value;
}

function siweUri(value: string | undefined, key: string, error: string): string | undefined {
  if (value !== undefined && !URL.canParse(value)) throw new SandboxError(400, error, `siwe_params.${key} must be an absolute URI.`);
  return value;
}

function siweTime(params: JsonObject, key: string): number | undefined {
  const value = siweText(params, key, 'bad_request', 40);
  if (value === undefined) return undefined;
  const at = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(at)) {
    throw new SandboxError(400, 'bad_request', `siwe_params.${key} must be an RFC 3339 time, e.g. 2021-12-29T12:33:09Z.`);
  }
  return at;
}

/**
 * An EIP-4361 (Sign-In with Ethereum) message from the SDK's `siwe_params` (uri, chain_id,
 * issued_at, statement, not_before, message_request_id, resources). The domain is the uri's host,
 * which must be the calling page's when the page is known, as a wallet warns otherwise.
 */
function siweMessage(params: JsonObject, address: string, at: number, page: URL | null): { message: string; notBefore: number | null } {
  const uri = siweUri(siweText(params, 'uri', 'invalid_siwe_uri'), 'uri', 'invalid_siwe_uri') ?? page?.origin;
  if (uri === undefined) throw new SandboxError(400, 'invalid_siwe_uri', 'siwe_params.uri is required when the request names no page origin.');
  const domain = new URL(uri).host;
  if (domain === '' || (page !== null && page.host !== domain)) {
    throw new SandboxError(400, 'invalid_siwe_domain', `The SIWE domain (${domain || 'none'}) must be the calling page's host.`);
  }
  const chainId = siweText(params, 'chain_id', 'invalid_siwe_chain_id', 19) ?? '1';
  if (!CHAIN_ID.test(chainId)) throw new SandboxError(400, 'invalid_siwe_chain_id', 'siwe_params.chain_id must be a positive integer, e.g. "1".');
  const statement = siweText(params, 'statement', 'invalid_siwe_statement', SIWE_STATEMENT_MAX_LENGTH);
  const issuedAt = siweTime(params, 'issued_at') ?? at;
  const notBefore = siweTime(params, 'not_before') ?? null;
  const requestId = siweText(params, 'message_request_id', 'invalid_siwe_message_request_id', 200);
  const rawResources = params['resources'];
  if (rawResources !== undefined && rawResources !== null && (!Array.isArray(rawResources) || rawResources.length > 20)) {
    throw new SandboxError(400, 'invalid_siwe_resource', 'siwe_params.resources must be a list of at most 20 URIs.');
  }
  const resources = (Array.isArray(rawResources) ? rawResources : []).map((resource, index) =>
    siweUri(siweText({ resource }, 'resource', 'invalid_siwe_resource'), `resources[${index}]`, 'invalid_siwe_resource'),
  );
  const lines = [
    `${domain} wants you to sign in with your Ethereum account:`,
    address,
    '',
    ...(statement === undefined ? [] : [statement, '']),
    `URI: ${uri}`,
    'Version: 1',
    `Chain ID: ${chainId}`,
    `Nonce: ${nonce()}`,
    `Issued At: ${toIso(issuedAt)}`,
    ...(notBefore === null ? [] : [`Not Before: ${toIso(notBefore)}`]),
    ...(requestId === undefined ? [] : [`Request ID: ${requestId}`]),
    ...(resources.length === 0 ? [] : ['Resources:', ...resources.map((resource) => `- ${resource ?? ''}`)]),
  ];
  return { message: lines.join('\n'), notBefore };
}

function walletFactor(wallet: StytchCryptoWallet, at: number): StytchCryptoWalletFactor {
  return {
    type: 'crypto',
    delivery_method: 'crypto_wallet',
    last_authenticated_at: toIso(at),
    crypto_wallet_factor: {
      crypto_wallet_id: wallet.crypto_wallet_id,
      crypto_wallet_address: wallet.crypto_wallet_address,
      crypto_wallet_type: wallet.crypto_wallet_type,
    },
  };
}

/** `projectName`: named in the plain (non-SIWE) message, as Stytch's names the project. */
export function createCryptoWalletHandlers(ctx: SandboxContext, paths: { sdk: string; projectName: string }, caller: SdkCaller): RequestHandler[] {
  const { state, now } = ctx;
  const { sdk } = paths;

  /** The caller's live session (`requireLiveSession`). */
  const requireSession = (request: Request) => requireLiveSession(state, caller.sessionToken(request), now());

  /** The user holding this wallet, if any (Ethereum case-insensitively). */
  function walletOwner(type: CryptoWalletType, address: string): { record: UserRecord; wallet: StytchCryptoWallet } | null {
    const key = cryptoWalletKey(type, address);
    for (const record of state.users.values()) {
      const wallet = record.user.crypto_wallets.find((entry) => cryptoWalletKey(entry.crypto_wallet_type, entry.crypto_wallet_address) === key);
      if (wallet) return { record, wallet };
    }
    return null;
  }

  /** The plain message: Stytch's is the project's name and a random string; the page and wallet are named so a user can tell what they sign. */
  function plainMessage(type: CryptoWalletType, address: string, page: URL | null): string {
    const chain = type === 'ethereum' ? 'Ethereum' : 'Solana';
    return [
      `${paths.projectName}${page ? ` (${page.host})` : ''} asks you to sign in with your ${chain} account:`,
      address,
      '',
      'Signing proves you hold this wallet. It costs nothing and sends no transaction.',
      '',
      `Nonce: ${nonce()}`,
      `Issued At: ${toIso(now())}`,
    ].join('\n');
  }

  async function authenticateStart(request: Request, signedIn: { session: SessionRecord; user: UserRecord } | null): Promise<Response> {
    const body = await readJsonObject(request);
    const type = readType(body);
    const address = readAddress(body, type);
    const at = now();
    const page = caller.origin(request);
    const siwe = body['siwe_params'];
    if (siwe !== undefined && siwe !== null) {
      if (!isJsonObject(siwe)) throw new SandboxError(400, 'bad_request', 'siwe_params must be an object.');
      if (type !== 'ethereum') throw new SandboxError(400, 'crypto_wallet_type_incompatible_with_siwe', 'Sign-In with Ethereum works for ethereum wallets only.');
    }
    const { message, notBefore } = isJsonObject(siwe) ? siweMessage(siwe, address, at, page) : { message: plainMessage(type, address, page), notBefore: null };

    // Swept here so abandoned sign-ins do not pile up in a long-running dev server.
    for (const [key, stale] of state.cryptoWalletChallenges) if (at > stale.expiresAt) state.cryptoWalletChallenges.delete(key);
    // One per wallet: a new start replaces (and so revokes) the message handed out before.
    const record: CryptoWalletChallengeRecord = {
      type,
      address,
      message,
      userId: signedIn?.user.user.user_id ?? null,
      sessionToken: signedIn?.session.token ?? null,
      createdAt: at,
      expiresAt: at + CRYPTO_WALLET_CHALLENGE_MINUTES * 60_000,
      notBefore,
      usedAt: null,
    };
    state.cryptoWalletChallenges.set(cryptoWalletKey(type, address), record);
    const userId = signedIn?.user.user.user_id ?? walletOwner(type, address)?.record.user.user_id;
    return dataResponse({ ...(userId === undefined ? {} : { user_id: userId }), challenge: message });
  }

  return [
    route('post', `${sdk}/crypto_wallets/authenticate/start/primary`, (request) => {
      caller.sessionToken(request);
      return authenticateStart(request, null);
    }),

    route('post', `${sdk}/crypto_wallets/authenticate/start/secondary`, (request) => authenticateStart(request, requireSession(request))),

    route('post', `${sdk}/crypto_wallets/authenticate`, async (request) => {
      caller.sessionToken(request);
      const body = await readJsonObject(request);
      const duration = optionalNumber(body, 'session_duration_minutes');
      assertSessionDuration(duration, state.project.session_duration_minutes);
      // The DFP and captcha fields the SDK sends are accepted and ignored, as with DFP off.
      const type = readType(body);
      const address = readAddress(body, type);
      const at = now();
      const record = state.cryptoWalletChallenges.get(cryptoWalletKey(type, address));
      if (!record) throw walletNotFound();
      if (record.usedAt !== null) throw unableToAuth('the challenge was already used; start again for a new one');
      if (at > record.expiresAt) throw unableToAuth(`the challenge expired (it works for ${CRYPTO_WALLET_CHALLENGE_MINUTES} minutes)`);
      // Spent by this attempt whatever its outcome, so a refused signature cannot be retried against it.
      record.usedAt = at;
      if (record.notBefore !== null && at < record.notBefore) throw unableToAuth('the SIWE message is not valid yet (not_before)');
      const signature = body['signature'];
      if (typeof signature !== 'string' || !verifyWalletSignature(type, record.address, record.message, signature)) {
        throw unableToAuth(`the signature is not this wallet's signature of the challenge`);
      }

      const signedIn = record.sessionToken === null ? null : findLiveSession(state, record.sessionToken, at);
      if (record.sessionToken !== null && !signedIn) {
        throw new SandboxError(401, 'unauthorized_credentials', 'The session that started this sign-in is no longer valid.');
      }
      const owner = walletOwner(type, record.address);
      const callerUser = signedIn ? state.users.get(signedIn.session.user_id) : undefined;
      if (signedIn && callerUser) {
        if (owner && owner.record !== callerUser) {
          throw new SandboxError(409, 'duplicate_wallet_address', 'This crypto wallet already belongs to another user.');
        }
        const wallet = owner?.wallet ?? addWallet(callerUser, type, record.address);
        return dataResponse(addSessionFactor(signedIn, callerUser, walletFactor(wallet, at), at, duration));
      }
      // Primary: the wallet's user, or a new one per address (no e-mail, no phone), created only
      // now that the wallet proved itself, so a start alone leaves no user behind.
      const user = owner?.record ?? createUser(state, at, {});
      const wallet = owner?.wallet ?? addWallet(user, type, record.address);
      return dataResponse(signIn(state, request, at, { user, factor: walletFactor(wallet, at), durationMinutes: duration }));
    }),

    // user.deleteCryptoWallet(id): only the caller's own wallet; another user's is not found, so ids are not confirmed to strangers.
    route('delete', `${sdk}/users/crypto_wallets/:id`, (request, params) => {
      const { user } = requireSession(request);
      const wallet = user.user.crypto_wallets.find((entry) => entry.crypto_wallet_id === params['id']);
      if (!wallet) throw new SandboxError(404, 'crypto_wallet_not_found', 'The crypto wallet could not be found.');
      user.user.crypto_wallets = user.user.crypto_wallets.filter((entry) => entry !== wallet);
      // As the SDK's other user deletions: it updates its user from `__user` (research §4).
      return dataResponse({ user_id: user.user.user_id, __user: user.user });
    }),
  ];
}

function addWallet(user: UserRecord, type: CryptoWalletType, address: string): StytchCryptoWallet {
  const wallet: StytchCryptoWallet = { crypto_wallet_id: newId('crypto-wallet'), crypto_wallet_address: address, crypto_wallet_type: type, verified: true };
  user.user.crypto_wallets.push(wallet);
  return wallet;
}
