import { CLIENT_ERROR_CODES, authError, type AuthError } from '@vestibule/core';

// The Stytch SDK runs the browser's part of a passkey ceremony itself (webauthn-json's `create` and
// `get` over `navigator.credentials`, stytch-browser HeadlessWebAuthnClient) and hands back only
// the provider's answer. What the port must tell apart happens in between: the visitor declined
// the sheet, the authenticator already holds a credential, the browser answered nothing, and which
// credential it used (for the Signal API). So the adapter watches `navigator.credentials` while its
// own ceremony runs (docs/decisions.md, "The Stytch passkeys adapter").

/** Which `navigator.credentials` method a ceremony calls: `create` to register, `get` to sign in. */
export type CeremonyKind = 'create' | 'get';

/** `navigator.credentials` as far as the ceremonies use it. */
interface CredentialsLike {
  create?: (options?: unknown) => Promise<unknown>;
  get?: (options?: unknown) => Promise<unknown>;
}

/** Where `navigator.credentials` lives (`globalThis` in a page; a stub in tests). */
export interface CredentialsHost {
  readonly navigator?: { readonly credentials?: unknown } | undefined;
}

/** What one ceremony's browser request did, as seen at `navigator.credentials`. */
export interface CeremonyWatch {
  /**
   * The signal of the ceremony's browser request: the adapter passes it to the SDK's
   * `authenticate` (which hands it to `get`), and it is added to a `create` (whose SDK call takes
   * none), so aborting the port call closes the browser's sheet.
   */
  readonly signal: AbortSignal;
  /** The browser answered a credential the SDK can send: a later failure is the finish request's. */
  readonly answered: boolean;
  /** The id of the credential the browser answered (base64url, as `PublicKeyCredential.id`). */
  readonly credentialId: string | undefined;
  /** The relying party id the request named (`publicKey.rpId`, or `publicKey.rp.id` for a create). */
  readonly rpId: string | undefined;
  /**
   * The browser's refusal or empty answer in the port's terms, or `undefined` when the browser
   * answered a usable credential or was never asked:
   * `NotAllowedError`/`AbortError` → `passkey_cancelled`; `InvalidStateError` on a create (the
   * authenticator holds a credential of `excludeCredentials`) → `duplicate_webauthn_registration`;
   * any other refusal → `unexpected`; no credential → `invalid_response`.
   */
  failure(): AuthError | undefined;
  /** Stops watching; the last watch to end puts `navigator.credentials` back as it was. */
  end(): void;
}

interface Watch {
  readonly kind: CeremonyKind;
  readonly signal: AbortSignal;
  asked: boolean;
  outcome: { readonly kind: 'credential'; readonly id: string } | { readonly kind: 'empty' } | { readonly kind: 'refused'; readonly error: unknown } | null;
  rpId: string | undefined;
}

interface Installation {
  readonly watches: Set<Watch>;
  readonly restore: () => void;
}

const installations = new WeakMap<object, Installation>();

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null;
const nameOf = (error: unknown): unknown => (isRecord(error) ? error['name'] : undefined);

/** The `publicKey` options of a request, when it has them. */
function publicKeyOf(options: unknown): Readonly<Record<string, unknown>> | undefined {
  const publicKey = isRecord(options) ? options['publicKey'] : undefined;
  return isRecord(publicKey) ? publicKey : undefined;
}

function rpIdOf(kind: CeremonyKind, options: unknown): string | undefined {
  const publicKey = publicKeyOf(options);
  const rpId = kind === 'get' ? publicKey?.['rpId'] : isRecord(publicKey?.['rp']) ? publicKey['rp']['id'] : undefined;
  return typeof rpId === 'string' && rpId !== '' ? rpId : undefined;
}

/** A credential webauthn-json can turn into JSON: an id and a response (else the SDK throws before sending). */
function credentialIdOf(credential: unknown): string | undefined {
  if (!isRecord(credential) || !isRecord(credential['response'])) return undefined;
  const id = credential['id'];
  return typeof id === 'string' && id !== '' ? id : undefined;
}

function observe(watch: Watch, request: Promise<unknown>): Promise<unknown> {
  watch.asked = true;
  return request.then(
    (credential) => {
      const id = credentialIdOf(credential);
      watch.outcome = id === undefined ? { kind: 'empty' } : { kind: 'credential', id };
      return credential;
    },
    (error: unknown) => {
      watch.outcome = { kind: 'refused', error };
      throw error;
    },
  );
}

/** Wraps `container.create` and `.get` (own properties, so the prototype's show through again after). */
function install(container: CredentialsLike & object): Installation {
  const watches = new Set<Watch>();
  const saved = (['create', 'get'] as const).map((kind) => ({ kind, own: Object.getOwnPropertyDescriptor(container, kind), original: container[kind] }));
  const wrappers = new Map<CeremonyKind, (options?: unknown) => Promise<unknown>>();
  for (const { kind, original } of saved) {
    if (typeof original !== 'function') continue;
    const wrapper = (options?: unknown): Promise<unknown> => {
      // A `get` is ours when it carries our signal (the SDK passes it on); a `create` carries
      // none, so it is the oldest register still waiting for its browser request.
      const watch = [...watches].find((candidate) =>
        candidate.kind !== kind ? false : kind === 'get' ? isRecord(options) && options['signal'] === candidate.signal : !candidate.asked,
      );
      if (watch === undefined) return original.call(container, options);
      watch.rpId = rpIdOf(kind, options);
      const withSignal = kind === 'create' && isRecord(options) && options['signal'] === undefined ? { ...options, signal: watch.signal } : options;
      return observe(watch, original.call(container, withSignal));
    };
    wrappers.set(kind, wrapper);
    container[kind] = wrapper;
  }
  const restore = () => {
    for (const { kind, own } of saved) {
      // Someone wrapped it after us: theirs stays (it calls ours, which passes through).
      if (container[kind] !== wrappers.get(kind)) continue;
      if (own === undefined) delete container[kind];
      else Object.defineProperty(container, kind, own);
    }
  };
  return { watches, restore };
}

function failureOf(watch: Watch): AuthError | undefined {
  const outcome = watch.outcome;
  if (outcome === null || outcome.kind === 'credential') return undefined;
  if (outcome.kind === 'empty') return authError(CLIENT_ERROR_CODES.invalidResponse, { cause: `the browser answered navigator.credentials.${watch.kind} without a credential` });
  const name = nameOf(outcome.error);
  if (name === 'NotAllowedError' || name === 'AbortError') return authError(CLIENT_ERROR_CODES.passkeyCancelled, { cause: outcome.error });
  // The browser's duplicate (WebAuthn §5.1.3: a credential of excludeCredentials is on this
  // authenticator), which Stytch's own UI recognises by Chrome's and Safari's messages.
  if (name === 'InvalidStateError' && watch.kind === 'create') return authError('duplicate_webauthn_registration', { cause: outcome.error });
  // SecurityError (rp id or origin), NotSupportedError, a TypeError for bad options: our bug, not the network.
  return authError(CLIENT_ERROR_CODES.unexpected, { cause: outcome.error });
}

/**
 * Whether this browser has the `navigator.credentials` method a ceremony needs: without it the SDK
 * would fail with a `TypeError`, which reads as a network failure.
 */
export function hasCredentialsApi(kind: CeremonyKind, host: CredentialsHost = globalThis): boolean {
  const container = host.navigator?.credentials;
  return isRecord(container) && typeof (container as CredentialsLike)[kind] === 'function';
}

/**
 * Watches the browser request of one ceremony the adapter is about to run through the SDK. The
 * first watch wraps `navigator.credentials.create`/`get` (as own properties); the last one to end
 * puts them back. Calls that are not the ceremony's (another `get` without its signal, WebOTP)
 * pass through untouched.
 */
export function watchCeremony(kind: CeremonyKind, signal: AbortSignal, host: CredentialsHost = globalThis): CeremonyWatch {
  const watch: Watch = { kind, signal, asked: false, outcome: null, rpId: undefined };
  const container = host.navigator?.credentials;
  let installation: Installation | undefined;
  if (isRecord(container)) {
    installation = installations.get(container) ?? install(container as CredentialsLike & object);
    installations.set(container, installation);
    installation.watches.add(watch);
  }
  return {
    signal,
    get answered() {
      return watch.outcome?.kind === 'credential';
    },
    get credentialId() {
      return watch.outcome?.kind === 'credential' ? watch.outcome.id : undefined;
    },
    get rpId() {
      return watch.rpId;
    },
    failure: () => failureOf(watch),
    end: () => {
      if (installation === undefined || !installation.watches.delete(watch) || installation.watches.size > 0) return;
      installation.restore();
      if (isRecord(container)) installations.delete(container);
    },
  };
}

/** Where `PublicKeyCredential` lives (`globalThis` in a page; a stub in tests). */
export interface SignalHost {
  readonly PublicKeyCredential?: unknown;
}

/**
 * Tells the browser that the provider does not know this credential (the WebAuthn Signal API's
 * `PublicKeyCredential.signalUnknownCredential`), so its passkey manager can drop it from the
 * sheet and the e-mail field's autofill. Feature-detected: a no-op where the browser lacks it;
 * never throws and never waits (the browser's answer changes nothing for the visitor).
 */
export function signalUnknownCredential(rpId: string, credentialId: string, host: SignalHost = globalThis): void {
  const api = host.PublicKeyCredential;
  const signal = isRecord(api) || typeof api === 'function' ? (api as { signalUnknownCredential?: unknown }).signalUnknownCredential : undefined;
  if (typeof signal !== 'function') return;
  try {
    void Promise.resolve(signal.call(api, { rpId, credentialId })).catch(() => undefined);
  } catch {
    // A browser that throws instead of rejecting: nothing to tell the visitor.
  }
}
