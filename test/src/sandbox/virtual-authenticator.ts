// A software WebAuthn authenticator for tests that run without a browser: it answers the
// options the sandbox (or Stytch) hands out with what `navigator.credentials.create/get`
// through webauthn-json would send — a "none" attestation with an ES256 key, and signed
// assertions — so the sandbox's verification (@simplewebauthn/server) runs for real.
// Layouts: WebAuthn Level 2 §6.1 (authenticator data), §6.5.4 (attestation object), §6.3.3
// (assertion signature over authenticatorData ‖ SHA-256(clientDataJSON)); COSE key per RFC 9053.

import { isoCBOR } from '@simplewebauthn/server/helpers';
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL_DATA = 0x40;
const COSE_KTY_EC2 = 2;
const COSE_ALG_ES256 = -7;
const COSE_CRV_P256 = 1;

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

/** What a test may bend to make a ceremony wrong on purpose. */
export interface CeremonyOverrides {
  /** The challenge written into clientDataJSON (default: the options'). */
  challenge?: string;
  /** The origin written into clientDataJSON (default: the one passed). */
  origin?: string;
  /** The relying party id whose hash starts the authenticator data (default: the options'). */
  rpId?: string;
  /** The signature counter to report (default: one more than the last, or 0 for a counter-less authenticator). */
  counter?: number;
  /** Sign with another key than the credential's. */
  wrongKey?: boolean;
  /** The userHandle an assertion carries (default: the user.id it was registered for). */
  userHandle?: string;
}

function field(options: Record<string, unknown>, key: string): unknown {
  const value = options[key];
  if (value === undefined) throw new Error(`the options have no ${key}`);
  return value;
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new Error(`${what} is not a string`);
  return value;
}

/**
 * One credential on one authenticator. `create` answers a creation options JSON (as
 * register/start returns it); `get` answers a request options JSON with an assertion.
 */
export class VirtualAuthenticator {
  readonly credentialId: string;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private signCount: number;
  private readonly keepsCounter: boolean;
  private userHandle: string | null = null;

  /** @param options.keepsCounter false: an authenticator that always reports 0 (many passkey providers do). */
  constructor(options: { keepsCounter?: boolean; credentialId?: string } = {}) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
    this.credentialId = options.credentialId ?? b64url(randomBytes(16));
    this.keepsCounter = options.keepsCounter ?? true;
    this.signCount = 0;
  }

  /** The credential's public key as COSE_Key (EC2, ES256, P-256). */
  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    if (typeof jwk.x !== 'string' || typeof jwk.y !== 'string') throw new Error('no EC public key');
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, COSE_KTY_EC2],
        [3, COSE_ALG_ES256],
        [-1, COSE_CRV_P256],
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ]),
    );
  }

  private nextCounter(overrides: CeremonyOverrides): number {
    if (overrides.counter !== undefined) return overrides.counter;
    if (!this.keepsCounter) return 0;
    this.signCount += 1;
    return this.signCount;
  }

  private authenticatorData(rpId: string, counter: number, attested: Uint8Array | null): Buffer {
    const flags = FLAG_USER_PRESENT | FLAG_USER_VERIFIED | (attested ? FLAG_ATTESTED_CREDENTIAL_DATA : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): string {
    return JSON.stringify({ type, challenge, origin, crossOrigin: false });
  }

  /** What webauthn-json's `create()` resolves to, for `public_key_credential_creation_options`. */
  create(creationOptions: string, origin: string, overrides: CeremonyOverrides = {}): Record<string, unknown> {
    const options = JSON.parse(creationOptions) as Record<string, unknown>;
    const rp = field(options, 'rp') as Record<string, unknown>;
    const user = field(options, 'user') as Record<string, unknown>;
    this.userHandle = text(user['id'], 'user.id');
    const rawId = Buffer.from(this.credentialId, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(rawId.length);
    // AAGUID zero: a "none" attestation names no authenticator model.
    const attested = Buffer.concat([Buffer.alloc(16), idLength, rawId, this.coseKey()]);
    const authData = this.authenticatorData(overrides.rpId ?? text(rp['id'], 'rp.id'), this.nextCounter(overrides), attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = this.clientData('webauthn.create', overrides.challenge ?? text(field(options, 'challenge'), 'challenge'), overrides.origin ?? origin);
    return {
      type: 'public-key',
      id: this.credentialId,
      rawId: this.credentialId,
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(Buffer.from(clientDataJSON)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** What webauthn-json's `get()` resolves to, for `public_key_credential_request_options`. */
  get(requestOptions: string, origin: string, overrides: CeremonyOverrides = {}): Record<string, unknown> {
    const options = JSON.parse(requestOptions) as Record<string, unknown>;
    const authData = this.authenticatorData(overrides.rpId ?? text(field(options, 'rpId'), 'rpId'), this.nextCounter(overrides), null);
    const clientDataJSON = this.clientData('webauthn.get', overrides.challenge ?? text(field(options, 'challenge'), 'challenge'), overrides.origin ?? origin);
    const signer = overrides.wrongKey ? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey : this.privateKey;
    // ECDSA over authenticatorData ‖ SHA-256(clientDataJSON), DER-encoded as WebAuthn requires.
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), signer);
    const userHandle = overrides.userHandle ?? this.userHandle;
    return {
      type: 'public-key',
      id: this.credentialId,
      rawId: this.credentialId,
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(Buffer.from(clientDataJSON)),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle === null ? {} : { userHandle }),
      },
      clientExtensionResults: {},
    };
  }
}
