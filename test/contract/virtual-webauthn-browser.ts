import { VirtualAuthenticator } from '@vestibule/test/sandbox/virtual-authenticator';

// A browser's WebAuthn for the Stytch SDK under Node: `navigator.credentials.create/get` as a
// browser answers them (ArrayBuffers in and out, the DOMExceptions a browser throws), backed by
// the sandbox's software authenticator, and `PublicKeyCredential`'s feature queries and Signal
// API. The rules followed are the ones a test can meet: a refused sheet is `NotAllowedError`, an
// authenticator holding a credential of `excludeCredentials` is `InvalidStateError` (WebAuthn
// §5.1.3), a sign-in offers only `allowCredentials` when the request names some, and an
// authenticator with nothing to offer leaves the visitor only "cancel".

const toBase64Url = (buffer: unknown): string => {
  if (buffer instanceof ArrayBuffer) return Buffer.from(new Uint8Array(buffer)).toString('base64url');
  if (ArrayBuffer.isView(buffer)) return Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength).toString('base64url');
  throw new TypeError('expected binary data');
};
const toBuffer = (base64url: string): ArrayBuffer => {
  const bytes = Buffer.from(base64url, 'base64url');
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};

/**
 * Runs `work` with Node's own `Uint8Array` as the global one. Vitest's jsdom environment puts
 * jsdom's typed arrays on the global object, while `Buffer` and `node:crypto` make Node's, so
 * the authenticator's CBOR encoder (which checks `instanceof Uint8Array`) refuses its own keys.
 */
function withNodeTypedArrays<T>(work: () => T): T {
  const nodeUint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'Uint8Array');
  if (saved === undefined || globalThis.Uint8Array === nodeUint8Array) return work();
  Object.defineProperty(globalThis, 'Uint8Array', { value: nodeUint8Array, configurable: true, writable: true });
  try {
    return work();
  } finally {
    Object.defineProperty(globalThis, 'Uint8Array', saved);
  }
}

type Fields = Record<string, unknown>;
const fields = (value: unknown, what: string): Fields => {
  if (typeof value !== 'object' || value === null) throw new TypeError(`${what} is missing`);
  return value as Fields;
};
const text = (value: unknown, what: string): string => {
  if (typeof value !== 'string') throw new TypeError(`${what} is not a string`);
  return value;
};

const domError = (name: string, message: string) => new DOMException(message, name);
const declined = () => domError('NotAllowedError', 'The operation either timed out or was not allowed.');

/** A credential descriptor list's ids, base64url. */
const idsOf = (list: unknown): string[] => (Array.isArray(list) ? list.map((entry: unknown) => toBase64Url(fields(entry, 'descriptor')['id'])) : []);

/** The JSON a virtual authenticator answered, as the browser's `PublicKeyCredential` (what webauthn-json reads). */
function asCredential(json: Record<string, unknown>, responseKeys: readonly string[], transports: readonly string[] | null): unknown {
  const response = fields(json['response'], 'response');
  const binary: Fields = {};
  for (const key of responseKeys) binary[key] = typeof response[key] === 'string' ? toBuffer(response[key]) : null;
  return {
    type: 'public-key',
    id: json['id'],
    rawId: toBuffer(text(json['rawId'], 'rawId')),
    authenticatorAttachment: json['authenticatorAttachment'],
    response: transports === null ? binary : { ...binary, getTransports: () => [...transports] },
    getClientExtensionResults: () => ({}),
  };
}

interface Held {
  readonly authenticator: VirtualAuthenticator;
  /** Whether it made its credential (a create went through the browser). */
  holds: boolean;
}

interface WaitingAutofill {
  readonly pick: () => void;
}

/** Control of the visitor's browser, the same for the fake and for this one (passkeys.contract.ts). */
export interface PasskeysBrowserControl {
  /** The visitor's next ceremonies use this authenticator (created empty on first use). */
  useAuthenticator(name: string): void;
  /** The visitor closes the next sheet. */
  declineNext(): void;
  /** The next sheet answers no credential. */
  answerEmptyNext(): void;
  /** Whether the browser offers passkeys in autofill (conditional mediation). */
  offerAutofill(offered: boolean): void;
  /** The visitor picks the current authenticator's passkey in the e-mail field; waits until a request is there. */
  pickAutofill(): Promise<void>;
  /** How many conditional (autofill) requests wait for the visitor. */
  readonly autofillWaiting: number;
}

/**
 * One visitor's browser. {@link install} makes it the page's `navigator.credentials` and
 * `PublicKeyCredential` (the SDK reads both globally) until the returned function is called.
 */
export class VirtualWebAuthnBrowser implements PasskeysBrowserControl {
  /** Every `signalUnknownCredential` the page made. */
  readonly unknownCredentialSignals: { readonly rpId: string; readonly credentialId: string }[] = [];
  private readonly authenticators = new Map<string, Held>();
  private current = 'this device';
  private nextSheet: 'decline' | 'empty' | null = null;
  private autofill = true;
  private readonly waiting: WaitingAutofill[] = [];

  constructor(private readonly origin: string) {}

  /** The authenticator in use, e.g. to read its credential id. */
  get authenticator(): VirtualAuthenticator {
    return this.held().authenticator;
  }

  useAuthenticator(name: string): void {
    this.current = name;
  }

  declineNext(): void {
    this.nextSheet = 'decline';
  }

  answerEmptyNext(): void {
    this.nextSheet = 'empty';
  }

  offerAutofill(offered: boolean): void {
    this.autofill = offered;
  }

  async pickAutofill(): Promise<void> {
    // The SDK asks the browser only after its start request: wait for it.
    for (let i = 0; i < 200 && this.waiting.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    const oldest = this.waiting.shift();
    if (oldest === undefined) throw new Error('no autofill request is waiting');
    oldest.pick();
  }

  get autofillWaiting(): number {
    return this.waiting.length;
  }

  readonly credentials = {
    create: (options?: unknown): Promise<unknown> => this.create(options),
    get: (options?: unknown): Promise<unknown> => this.get(options),
  };

  readonly PublicKeyCredential = {
    isConditionalMediationAvailable: (): Promise<boolean> => Promise.resolve(this.autofill),
    isUserVerifyingPlatformAuthenticatorAvailable: (): Promise<boolean> => Promise.resolve(true),
    signalUnknownCredential: (options: { rpId: string; credentialId: string }): Promise<void> => {
      this.unknownCredentialSignals.push({ rpId: options.rpId, credentialId: options.credentialId });
      return Promise.resolve();
    },
  };

  /** Makes this the page's WebAuthn; returns what puts the page's own back. */
  install(): () => void {
    const navigatorCredentials = Object.getOwnPropertyDescriptor(navigator, 'credentials');
    const publicKeyCredential = Object.getOwnPropertyDescriptor(globalThis, 'PublicKeyCredential');
    Object.defineProperty(navigator, 'credentials', { value: this.credentials, configurable: true, writable: true });
    Object.defineProperty(globalThis, 'PublicKeyCredential', { value: this.PublicKeyCredential, configurable: true, writable: true });
    return () => {
      if (navigatorCredentials === undefined) delete (navigator as { credentials?: unknown }).credentials;
      else Object.defineProperty(navigator, 'credentials', navigatorCredentials);
      if (publicKeyCredential === undefined) delete (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential;
      else Object.defineProperty(globalThis, 'PublicKeyCredential', publicKeyCredential);
    };
  }

  private held(): Held {
    let held = this.authenticators.get(this.current);
    if (held === undefined) {
      held = { authenticator: new VirtualAuthenticator(), holds: false };
      this.authenticators.set(this.current, held);
    }
    return held;
  }

  private takeSheet(): 'decline' | 'empty' | null {
    const sheet = this.nextSheet;
    this.nextSheet = null;
    return sheet;
  }

  private async create(options: unknown): Promise<unknown> {
    const request = fields(options, 'options');
    const signal = request['signal'] as AbortSignal | undefined;
    if (signal?.aborted === true) throw domError('AbortError', 'The operation was aborted.');
    const publicKey = fields(request['publicKey'], 'publicKey');
    const sheet = this.takeSheet();
    if (sheet === 'decline') throw declined();
    if (sheet === 'empty') return null;
    const held = this.held();
    if (held.holds && idsOf(publicKey['excludeCredentials']).includes(held.authenticator.credentialId)) {
      throw domError('InvalidStateError', 'The user attempted to register an authenticator that contains one of the credentials already registered with the relying party.');
    }
    const user = fields(publicKey['user'], 'user');
    const json = {
      ...publicKey,
      user: { ...user, id: toBase64Url(user['id']) },
      challenge: toBase64Url(publicKey['challenge']),
      excludeCredentials: idsOf(publicKey['excludeCredentials']).map((id) => ({ type: 'public-key', id })),
    };
    const answer = withNodeTypedArrays(() => held.authenticator.create(JSON.stringify(json), this.origin));
    held.holds = true;
    return asCredential(answer, ['clientDataJSON', 'attestationObject'], ['internal']);
  }

  private async get(options: unknown): Promise<unknown> {
    const request = fields(options, 'options');
    const signal = request['signal'] as AbortSignal | undefined;
    if (signal?.aborted === true) throw domError('AbortError', 'The operation was aborted.');
    if (request['mediation'] === 'conditional') await this.waitForPick(signal);
    const publicKey = fields(request['publicKey'], 'publicKey');
    const sheet = this.takeSheet();
    if (sheet === 'decline') throw declined();
    if (sheet === 'empty') return null;
    const held = this.held();
    const allowed = idsOf(publicKey['allowCredentials']);
    // Nothing this authenticator may offer: the visitor can only close the sheet.
    if (!held.holds || (allowed.length > 0 && !allowed.includes(held.authenticator.credentialId))) throw declined();
    const json = { challenge: toBase64Url(publicKey['challenge']), rpId: publicKey['rpId'] };
    return asCredential(withNodeTypedArrays(() => held.authenticator.get(JSON.stringify(json), this.origin)), ['clientDataJSON', 'authenticatorData', 'signature', 'userHandle'], null);
  }

  /** A conditional request answers once the visitor picks, or fails as the browser's when aborted. */
  private waitForPick(signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      const entry: WaitingAutofill = {
        pick: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(entry);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(domError('AbortError', 'The operation was aborted.'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }
}
