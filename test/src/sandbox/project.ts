// Project settings: what a Stytch project holds in its dashboard (redirect URLs, authorized
// domains, enabled SDK products, limits, password policy). GET/PUT /__sandbox/api/project reads and
// changes them; the SDK handlers obey them, so tests can reproduce a misconfigured project.

import { type RbacPolicyWire, defaultRbacPolicy, parseRbacPolicy } from './idp';
import type { JsonObject } from './model';
import { SANDBOX_EMAIL_DOMAIN } from './outbox';
import { SandboxError, isJsonObject } from './wire';

const REDIRECT_URL_TYPES = ['login', 'signup', 'invite', 'reset_password'] as const;
export type RedirectUrlType = (typeof REDIRECT_URL_TYPES)[number];

/** The SDK products a Stytch project enables one by one in its SDK configuration. */
const SDK_PRODUCTS = ['email_magic_links', 'otps', 'passwords', 'oauth', 'webauthn', 'crypto_wallets', 'totps'] as const;
export type SdkProduct = (typeof SDK_PRODUCTS)[number];

export interface RateLimit {
  /** Requests allowed per window; the next one gets 429 too_many_requests with Retry-After. */
  max: number;
  window_seconds: number;
}

export interface ProjectSettings {
  /**
   * Registered redirect URLs per type. A requested URL matches when scheme, host, port and path
   * are equal and every query parameter of the registered URL is present with the same value
   * (`{}` accepts any value); further query parameters are allowed. `:*` as the port accepts any
   * port and a leading `*.` any subdomain (Stytch allows wildcards in test projects only).
   */
  redirect_urls: Record<RedirectUrlType, string[]>;
  /** Hostnames allowed to use the SDK (`*.example.com` for subdomains); the port is not compared. */
  authorized_domains: string[];
  sdk_products: Record<SdkProduct, boolean>;
  /** Range accepted for session_duration_minutes. */
  session_duration_minutes: { min: number; max: number };
  password_policy: {
    strength_policy: 'luds' | 'zxcvbn';
    luds_min_length: number;
    luds_min_complexity: number;
    breach_detection_on_create: boolean;
  };
  /**
   * Consecutive failed password attempts after which the user is locked (Stytch's "user lock
   * threshold"); a successful sign-in or a password reset starts the count again.
   */
  lockout_threshold: number;
  /** How long a lock lasts (Stytch's "user lock TTL": 5 minutes to 7 days, 1 hour by default). */
  lockout_minutes: number;
  /** How long a passcode works when the request names no `expiration_minutes` (1–10; Stytch: 2). */
  otp_expiration_minutes: number;
  pkce_required_for_email_magic_links: boolean;
  pkce_required_for_password_resets: boolean;
  pkce_required_for_oauth: boolean;
  email_domains: string[];
  rate_limits: Record<RateLimitName, RateLimit>;
  /**
   * The Google OAuth client id One Tap starts with (onetap/start answers it; the Google Identity
   * emulator issues ID tokens for it only).
   */
  google_client_id: string;
  /**
   * A One Tap misconfiguration to reproduce. The first four are Stytch's answers to onetap/start;
   * the last two are Google's prompt refusing to show (`unregistered_origin`, `invalid_client`).
   */
  one_tap_error: OneTapError | null;
  /**
   * The role policy the bootstrap sends (`rbac_policy`): roles, resources, and the OAuth scopes
   * with their descriptions and required permissions. `null` sends null, as when the provider
   * could not produce one (the SDK then logs an error and assumes no permission). Replaced whole.
   */
  rbac_policy: RbacPolicyWire | null;
}

export const ONE_TAP_ERRORS = [
  'oauth_config_not_found',
  'no_login_redirect_urls_set',
  'no_signup_redirect_urls_set',
  'default_provider_not_allowed',
  'origin_not_allowed_for_client',
  'invalid_client',
] as const;
export type OneTapError = (typeof ONE_TAP_ERRORS)[number];

/** Shaped like a real Google client id, so code that checks the suffix accepts it. */
export const SANDBOX_GOOGLE_CLIENT_ID = 'sandbox-google-client.apps.googleusercontent.com';
const GOOGLE_CLIENT_ID_PATTERN = /^[A-Za-z0-9._-]{1,200}$/;

function isOneTapError(value: unknown): value is OneTapError {
  return ONE_TAP_ERRORS.some((error) => error === value);
}

/** The per-address e-mail limits the sandbox applies (each counted separately). */
const RATE_LIMIT_NAMES = ['magic_link_sends_per_email', 'password_reset_sends_per_email', 'otp_sends_per_destination'] as const;
type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];

const LOCALHOST_ANY_PORT = 'http://localhost:*';

export function defaultProjectSettings(): ProjectSettings {
  return {
    // Works out of the box for the app on any http://localhost:<port> (dev, preview, e2e ports).
    redirect_urls: {
      login: [`${LOCALHOST_ANY_PORT}/login/callback`, `${LOCALHOST_ANY_PORT}/login/callback/web`],
      signup: [`${LOCALHOST_ANY_PORT}/login/callback`, `${LOCALHOST_ANY_PORT}/login/callback/web`],
      invite: [],
      reset_password: [`${LOCALHOST_ANY_PORT}/login/password/reset`],
    },
    authorized_domains: ['localhost'],
    sdk_products: {
      email_magic_links: true,
      otps: true,
      passwords: true,
      oauth: true,
      webauthn: true,
      crypto_wallets: true,
      totps: true,
    },
    // Stytch's accepted range: 5 minutes to 366 days.
    session_duration_minutes: { min: 5, max: 527_040 },
    password_policy: { strength_policy: 'luds', luds_min_length: 8, luds_min_complexity: 3, breach_detection_on_create: true },
    lockout_threshold: 10,
    lockout_minutes: 60,
    otp_expiration_minutes: 2,
    pkce_required_for_email_magic_links: false,
    pkce_required_for_password_resets: false,
    // On: OAuth round trips are proved with PKCE (SPEC §9); the SDK makes a pair per start.
    pkce_required_for_oauth: true,
    email_domains: [SANDBOX_EMAIL_DOMAIN],
    rate_limits: {
      magic_link_sends_per_email: { max: 10, window_seconds: 60 },
      password_reset_sends_per_email: { max: 10, window_seconds: 60 },
      // Per e-mail address or phone number, all passcode channels together.
      otp_sends_per_destination: { max: 5, window_seconds: 60 },
    },
    google_client_id: SANDBOX_GOOGLE_CLIENT_ID,
    one_tap_error: null,
    rbac_policy: defaultRbacPolicy(),
  };
}

// ── validation of PUT /__sandbox/api/project ────────────────────────────────────────────────

function invalid(message: string): SandboxError {
  return new SandboxError(400, 'invalid_project_settings', message);
}

function expectObject(value: unknown, key: string): JsonObject {
  if (!isJsonObject(value)) throw invalid(`${key} must be an object.`);
  return value;
}

function expectBoolean(value: unknown, key: string): boolean {
  if (typeof value !== 'boolean') throw invalid(`${key} must be true or false.`);
  return value;
}

function expectInteger(value: unknown, key: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(`${key} must be an integer between ${min} and ${max}.`);
  }
  return value;
}

function expectStrings(value: unknown, key: string, check: (item: string) => boolean, what: string): string[] {
  if (!Array.isArray(value) || !value.every((item): item is string => typeof item === 'string' && check(item))) {
    throw invalid(`${key} must be a list of ${what}.`);
  }
  return [...value];
}

/** Rejects keys the target does not have, so a typo never silently changes nothing. */
function assertKnownKeys(patch: JsonObject, known: readonly string[], key: string): void {
  const unknown = Object.keys(patch).filter((name) => !known.includes(name));
  if (unknown.length > 0) throw invalid(`Unknown ${key === '' ? 'setting' : `key in ${key}`}: ${unknown.join(', ')}.`);
}

const HOSTNAME = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

/**
 * Returns the settings with `patch` applied: top-level keys replace, objects merge one level
 * deep, lists replace. Throws 400 invalid_project_settings and leaves `current` alone otherwise.
 */
export function mergeProjectSettings(current: ProjectSettings, patch: JsonObject): ProjectSettings {
  const next: ProjectSettings = structuredClone(current);
  assertKnownKeys(patch, Object.keys(current), '');
  for (const [key, value] of Object.entries(patch)) {
    switch (key) {
      case 'redirect_urls': {
        const urls = expectObject(value, key);
        assertKnownKeys(urls, REDIRECT_URL_TYPES, key);
        for (const type of REDIRECT_URL_TYPES) {
          if (urls[type] === undefined) continue;
          next.redirect_urls[type] = expectStrings(urls[type], `${key}.${type}`, (url) => parseRedirectPattern(url) !== null, 'absolute http(s) URLs');
        }
        break;
      }
      case 'authorized_domains':
        next.authorized_domains = expectStrings(value, key, (domain) => HOSTNAME.test(domain), 'hostnames');
        break;
      case 'email_domains':
        next.email_domains = expectStrings(value, key, (domain) => HOSTNAME.test(domain) && !domain.startsWith('*'), 'domain names');
        break;
      case 'sdk_products': {
        const products = expectObject(value, key);
        assertKnownKeys(products, SDK_PRODUCTS, key);
        for (const product of SDK_PRODUCTS) {
          if (products[product] !== undefined) next.sdk_products[product] = expectBoolean(products[product], `${key}.${product}`);
        }
        break;
      }
      case 'session_duration_minutes': {
        const range = expectObject(value, key);
        assertKnownKeys(range, ['min', 'max'], key);
        const min = range['min'] === undefined ? next.session_duration_minutes.min : expectInteger(range['min'], `${key}.min`, 1, 527_040);
        const max = range['max'] === undefined ? next.session_duration_minutes.max : expectInteger(range['max'], `${key}.max`, 1, 527_040);
        if (min > max) throw invalid(`${key}.min must not exceed ${key}.max.`);
        next.session_duration_minutes = { min, max };
        break;
      }
      case 'password_policy': {
        const policy = expectObject(value, key);
        assertKnownKeys(policy, Object.keys(next.password_policy), key);
        const strength = policy['strength_policy'];
        if (strength !== undefined) {
          if (strength !== 'luds' && strength !== 'zxcvbn') throw invalid(`${key}.strength_policy must be "luds" or "zxcvbn".`);
          next.password_policy.strength_policy = strength;
        }
        if (policy['luds_min_length'] !== undefined) {
          next.password_policy.luds_min_length = expectInteger(policy['luds_min_length'], `${key}.luds_min_length`, 1, 256);
        }
        if (policy['luds_min_complexity'] !== undefined) {
          next.password_policy.luds_min_complexity = expectInteger(policy['luds_min_complexity'], `${key}.luds_min_complexity`, 1, 4);
        }
        if (policy['breach_detection_on_create'] !== undefined) {
          next.password_policy.breach_detection_on_create = expectBoolean(policy['breach_detection_on_create'], `${key}.breach_detection_on_create`);
        }
        break;
      }
      case 'lockout_threshold':
        next.lockout_threshold = expectInteger(value, key, 1, 1000);
        break;
      case 'pkce_required_for_email_magic_links':
      case 'pkce_required_for_password_resets':
      case 'pkce_required_for_oauth':
        next[key] = expectBoolean(value, key);
        break;
      case 'lockout_minutes':
        next.lockout_minutes = expectInteger(value, key, 5, 10_080);
        break;
      case 'otp_expiration_minutes':
        next.otp_expiration_minutes = expectInteger(value, key, 1, 10);
        break;
      case 'google_client_id':
        if (typeof value !== 'string' || !GOOGLE_CLIENT_ID_PATTERN.test(value)) {
          throw invalid(`${key} must be 1–200 letters, digits, dots, dashes or underscores.`);
        }
        next.google_client_id = value;
        break;
      case 'one_tap_error':
        if (value !== null && !isOneTapError(value)) throw invalid(`${key} must be null or one of ${ONE_TAP_ERRORS.join(', ')}.`);
        next.one_tap_error = value;
        break;
      case 'rbac_policy':
        next.rbac_policy = parseRbacPolicy(value, invalid);
        break;
      case 'rate_limits': {
        const limits = expectObject(value, key);
        assertKnownKeys(limits, RATE_LIMIT_NAMES, key);
        for (const limitName of RATE_LIMIT_NAMES) {
          const limit = limits[limitName];
          if (limit === undefined) continue;
          const name = `${key}.${limitName}`;
          const fields = expectObject(limit, name);
          assertKnownKeys(fields, ['max', 'window_seconds'], name);
          const current = next.rate_limits[limitName];
          next.rate_limits[limitName] = {
            max: fields['max'] === undefined ? current.max : expectInteger(fields['max'], `${name}.max`, 1, 1_000_000),
            window_seconds:
              fields['window_seconds'] === undefined ? current.window_seconds : expectInteger(fields['window_seconds'], `${name}.window_seconds`, 1, 86_400),
          };
        }
        break;
      }
    }
  }
  return next;
}

// ── redirect URLs ───────────────────────────────────────────────────────────────────────────

interface RedirectPattern {
  protocol: 'http:' | 'https:';
  /** Lower-case; for a subdomain wildcard, the parent domain. */
  hostname: string;
  anySubdomain: boolean;
  /** null = any port; otherwise the effective port as URL.port reports it ('' for the default). */
  port: string | null;
  pathname: string;
  query: URLSearchParams;
}

const PATTERN = /^(https?):\/\/(\*\.)?([^/:?#*]+)(?::(\*|\d{1,5}))?(\/[^?#]*)?(\?[^#]*)?$/i;

function parseRedirectPattern(pattern: string): RedirectPattern | null {
  const match = PATTERN.exec(pattern);
  if (!match) return null;
  const [, scheme = '', wildcard, host = '', port, path, query] = match;
  // Parse the concrete parts with the URL parser, so hosts and paths normalise as requests do.
  const concrete = `${scheme}://${host}${port && port !== '*' ? `:${port}` : ''}${path ?? '/'}`;
  if (!URL.canParse(concrete)) return null;
  const url = new URL(concrete);
  return {
    protocol: url.protocol === 'https:' ? 'https:' : 'http:',
    hostname: url.hostname,
    anySubdomain: wildcard !== undefined,
    port: port === '*' ? null : url.port,
    pathname: url.pathname,
    query: new URLSearchParams(query ?? ''),
  };
}

function matchesRedirectPattern(requested: URL, pattern: string): boolean {
  const parsed = parseRedirectPattern(pattern);
  if (!parsed || requested.protocol !== parsed.protocol) return false;
  const host = requested.hostname;
  if (parsed.anySubdomain ? !host.endsWith(`.${parsed.hostname}`) : host !== parsed.hostname) return false;
  if (parsed.port !== null && requested.port !== parsed.port) return false;
  if (requested.pathname !== parsed.pathname) return false;
  for (const [name, value] of parsed.query) {
    const actual = requested.searchParams.getAll(name);
    if (value === '{}' ? actual.length === 0 : !actual.includes(value)) return false;
  }
  return true;
}

export function isRegisteredRedirectUrl(settings: ProjectSettings, type: RedirectUrlType, requested: URL): boolean {
  return settings.redirect_urls[type].some((pattern) => matchesRedirectPattern(requested, pattern));
}

/**
 * The project's default redirect URL of `type`, used when a request names none (Stytch uses the
 * one marked default in the dashboard). The first registered URL that is concrete for this
 * caller: a `:*` port takes the port of the page that called (`caller`, from X-SDK-Parent-Host or
 * Origin) when scheme and host match; a subdomain wildcard is never a default. Registered query
 * parameters are kept (`{}` values dropped). Null when there is none.
 */
export function defaultRedirectUrl(settings: ProjectSettings, type: RedirectUrlType, caller: URL | null): URL | null {
  for (const pattern of settings.redirect_urls[type]) {
    const parsed = parseRedirectPattern(pattern);
    if (!parsed || parsed.anySubdomain) continue;
    let port = parsed.port;
    if (port === null) {
      if (!caller || caller.protocol !== parsed.protocol || caller.hostname !== parsed.hostname) continue;
      port = caller.port;
    }
    const url = new URL(`${parsed.protocol}//${parsed.hostname}${port === '' ? '' : `:${port}`}${parsed.pathname}`);
    for (const [name, value] of parsed.query) if (value !== '{}') url.searchParams.append(name, value);
    return url;
  }
  return null;
}

// ── authorized domains and products ─────────────────────────────────────────────────────────

function isAuthorizedHostname(settings: ProjectSettings, hostname: string): boolean {
  const host = hostname.toLowerCase();
  return settings.authorized_domains.some((domain) => {
    const wanted = domain.toLowerCase();
    return wanted.startsWith('*.') ? host.endsWith(wanted.slice(1)) : host === wanted;
  });
}

/** The product an SDK path belongs to (path relative to `/sdk/v1`), or null for shared endpoints. */
export function sdkProductOf(path: string): SdkProduct | null {
  if (path.startsWith('/magic_links/')) return 'email_magic_links';
  if (path.startsWith('/otps/')) return 'otps';
  if (path === '/passwords' || path.startsWith('/passwords/')) return 'passwords';
  // The identity provider's logout shares the prefix but is not the OAuth sign-in product.
  if (path.startsWith('/oauth/') && !path.startsWith('/oauth/logout/')) return 'oauth';
  if (path.startsWith('/webauthn/')) return 'webauthn';
  if (path.startsWith('/crypto_wallets/')) return 'crypto_wallets';
  if (path === '/totps' || path.startsWith('/totps/')) return 'totps';
  return null;
}

/** The bootstrap fields that follow from the settings (research/stytch-sdk.md §4.1). */
export function bootstrapSettings(settings: ProjectSettings): JsonObject {
  const policy = settings.password_policy;
  return {
    email_domains: [...settings.email_domains],
    pkce_required_for_email_magic_links: settings.pkce_required_for_email_magic_links,
    pkce_required_for_password_resets: settings.pkce_required_for_password_resets,
    pkce_required_for_oauth: settings.pkce_required_for_oauth,
    // The SDK reads LUDS requirements from here; null means zxcvbn (the key must be present).
    password_config:
      policy.strength_policy === 'luds'
        ? { luds_complexity: policy.luds_min_complexity, luds_minimum_count: policy.luds_min_length }
        : null,
    rbac_policy: structuredClone(settings.rbac_policy),
  };
}

/** The page origin the SDK reports (X-SDK-Parent-Host), else the browser's Origin; null from servers and tests. */
export function callerOrigin(request: Request): URL | null {
  const value = request.headers.get('X-SDK-Parent-Host') ?? request.headers.get('Origin');
  return value !== null && URL.canParse(value) ? new URL(value) : null;
}

/** As Stytch: SDK calls from a page whose host is not an authorized domain are refused (403). */
export function assertAuthorizedCaller(settings: ProjectSettings, request: Request): void {
  const origin = callerOrigin(request);
  if (origin && !isAuthorizedHostname(settings, origin.hostname)) {
    throw new SandboxError(
      403,
      'bad_domain_for_stytch_sdk',
      `${origin.hostname} is not an authorized domain of this project. Add it with PUT /__sandbox/api/project (authorized_domains).`,
    );
  }
}
