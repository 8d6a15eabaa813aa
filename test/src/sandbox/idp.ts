// The identity-provider rules of the sandbox, without HTTP: the connected-app registry's records
// and their validation, the project's role policy (Stytch's `rbac_policy`), redirect URI matching,
// scope grantability and when consent is needed. ./idp-handlers applies them on the wire.
//
// Decisions (docs/decisions.md, "The sandbox's identity provider"):
// - Redirect URIs match as exact strings (RFC 9700 §4.1.3): no case folding, no trailing-slash or
//   percent-encoding normalisation. The one exception is RFC 8252 §7.3's: a URI registered on a
//   loopback host (localhost, 127.0.0.1, [::1]) without a port matches that URI with any port,
//   so the seeded demo app works on whichever port the dev server, preview or e2e run uses.
// - A scope is grantable when the user's roles hold every permission the policy lists for it.
//   Every user holds `stytch_user` (Stytch assigns it to all users implicitly) besides the roles
//   on their record. The OIDC scopes without a policy entry are grantable; any other scope without
//   one is not (fail closed), nor is any scope when the project has no policy (`null`), except those.
// - Consent is needed when the app asks for it (`consent_required`) and the user has not granted
//   every grantable scope requested to this app before, or when `prompt` includes `consent`.

import type { JsonObject } from './model';
import { SandboxError, isJsonObject } from './wire';

// ── the role policy (bootstrap `rbac_policy`) ────────────────────────────────────────────────

interface RbacPermissionWire {
  resource_id: string;
  actions: string[];
}

export interface RbacPolicyWire {
  roles: { role_id: string; description: string; permissions: RbacPermissionWire[] }[];
  resources: { resource_id: string; description: string; actions: string[] }[];
  scopes: { scope: string; description: string; permissions: RbacPermissionWire[] }[];
}

/** The scopes OpenID Connect and Stytch define; the consent screen knows them by name. */
export const OIDC_SCOPES = ['openid', 'profile', 'email', 'phone', 'offline_access'] as const;
const STANDARD_SCOPES: readonly string[] = [...OIDC_SCOPES, 'full_access'];

/** The role every user holds (Stytch's implicit default role). */
const DEFAULT_ROLE = 'stytch_user';
/** The seeded policy's administrator role: may grant `full_access` and `write:orders`. */
const ADMIN_ROLE = 'shop_admin';

/**
 * A shop's policy: ordinary users may read their orders and place new ones; only administrators
 * may cancel orders or touch billing, so `full_access` and `write:orders` are grantable by them only.
 */
export function defaultRbacPolicy(): RbacPolicyWire {
  return {
    roles: [
      {
        role_id: DEFAULT_ROLE,
        description: 'Every user (Stytch assigns it to all users).',
        permissions: [
          { resource_id: 'orders', actions: ['read', 'create'] },
          { resource_id: 'profile', actions: ['read', 'update'] },
        ],
      },
      {
        role_id: ADMIN_ROLE,
        description: 'Shop administrators.',
        permissions: [
          { resource_id: 'orders', actions: ['*'] },
          { resource_id: 'profile', actions: ['*'] },
          { resource_id: 'billing', actions: ['*'] },
        ],
      },
    ],
    resources: [
      { resource_id: 'orders', description: 'Orders placed in the shop.', actions: ['read', 'create', 'cancel'] },
      { resource_id: 'profile', description: "The user's profile.", actions: ['read', 'update'] },
      { resource_id: 'billing', description: 'Payment methods and invoices.', actions: ['read', 'update'] },
    ],
    scopes: [
      { scope: 'openid', description: 'Confirm who you are.', permissions: [] },
      { scope: 'profile', description: 'See your name and profile.', permissions: [] },
      { scope: 'email', description: 'See your email address.', permissions: [] },
      { scope: 'phone', description: 'See your phone number.', permissions: [] },
      { scope: 'offline_access', description: 'Keep access while you are not using it.', permissions: [] },
      {
        scope: 'full_access',
        description: 'Do anything you can do in your account, billing included.',
        permissions: [
          { resource_id: 'orders', actions: ['*'] },
          { resource_id: 'profile', actions: ['*'] },
          { resource_id: 'billing', actions: ['*'] },
        ],
      },
      { scope: 'read:orders', description: 'See your orders.', permissions: [{ resource_id: 'orders', actions: ['read'] }] },
      { scope: 'write:orders', description: 'Place and cancel orders for you.', permissions: [{ resource_id: 'orders', actions: ['create', 'cancel'] }] },
    ],
  };
}

const POLICY_ID = /^[A-Za-z0-9_.:-]{1,100}$/;
const MAX_POLICY_ENTRIES = 200;
const MAX_DESCRIPTION = 1_000;

function expectList(value: unknown, key: string, invalid: (message: string) => SandboxError): unknown[] {
  if (!Array.isArray(value) || value.length > MAX_POLICY_ENTRIES) throw invalid(`${key} must be a list of at most ${MAX_POLICY_ENTRIES} entries.`);
  return value;
}

function expectEntry(value: unknown, key: string, fields: readonly string[], invalid: (message: string) => SandboxError): JsonObject {
  if (!isJsonObject(value)) throw invalid(`${key} must be an object.`);
  const unknown = Object.keys(value).filter((name) => !fields.includes(name));
  if (unknown.length > 0) throw invalid(`Unknown key in ${key}: ${unknown.join(', ')}.`);
  return value;
}

function expectId(value: unknown, key: string, invalid: (message: string) => SandboxError): string {
  if (typeof value !== 'string' || !POLICY_ID.test(value)) throw invalid(`${key} must be 1–100 letters, digits, or _ . : -`);
  return value;
}

function expectDescription(value: unknown, key: string, invalid: (message: string) => SandboxError): string {
  if (value === undefined) return '';
  if (typeof value !== 'string' || value.length > MAX_DESCRIPTION) throw invalid(`${key} must be text of at most ${MAX_DESCRIPTION} characters.`);
  return value;
}

/**
 * A policy as PUT /__sandbox/api/project sends it (`rbac_policy`): `null` (the provider has none,
 * as when it cannot be fetched), or roles, resources and scopes. Ids are unique, permissions name
 * known resources and their actions, and `*` stands alone (Stytch's
 * cannot_specify_wildcard_with_other_actions). Throws through `invalid`.
 */
export function parseRbacPolicy(value: unknown, invalid: (message: string) => SandboxError): RbacPolicyWire | null {
  if (value === null) return null;
  const policy = expectEntry(value, 'rbac_policy', ['roles', 'resources', 'scopes'], invalid);
  const resources = expectList(policy['resources'] ?? [], 'rbac_policy.resources', invalid).map((raw, index) => {
    const key = `rbac_policy.resources[${index}]`;
    const entry = expectEntry(raw, key, ['resource_id', 'description', 'actions'], invalid);
    const actions = expectList(entry['actions'], `${key}.actions`, invalid).map((action) => expectId(action, `${key}.actions[]`, invalid));
    if (actions.includes('*') || new Set(actions).size !== actions.length) throw invalid(`${key}.actions must be distinct and not '*'.`);
    return { resource_id: expectId(entry['resource_id'], `${key}.resource_id`, invalid), description: expectDescription(entry['description'], `${key}.description`, invalid), actions };
  });
  assertDistinct(resources.map((entry) => entry.resource_id), 'rbac_policy.resources', invalid);

  const permissions = (raw: unknown, key: string): RbacPermissionWire[] =>
    expectList(raw ?? [], key, invalid).map((item, index) => {
      const entry = expectEntry(item, `${key}[${index}]`, ['resource_id', 'actions'], invalid);
      const resourceId = expectId(entry['resource_id'], `${key}[${index}].resource_id`, invalid);
      const resource = resources.find((candidate) => candidate.resource_id === resourceId);
      if (!resource) throw invalid(`${key}[${index}] names the unknown resource ${resourceId}.`);
      const actions = expectList(entry['actions'], `${key}[${index}].actions`, invalid).map((action) => (action === '*' ? '*' : expectId(action, `${key}[${index}].actions[]`, invalid)));
      if (actions.length === 0) throw invalid(`${key}[${index}].actions must not be empty.`);
      if (actions.includes('*') && actions.length > 1) throw invalid(`${key}[${index}].actions: '*' cannot be listed with other actions.`);
      const unknown = actions.filter((action) => action !== '*' && !resource.actions.includes(action));
      if (unknown.length > 0) throw invalid(`${key}[${index}] names actions ${resourceId} does not have: ${unknown.join(', ')}.`);
      return { resource_id: resourceId, actions };
    });

  const roles = expectList(policy['roles'] ?? [], 'rbac_policy.roles', invalid).map((raw, index) => {
    const key = `rbac_policy.roles[${index}]`;
    const entry = expectEntry(raw, key, ['role_id', 'description', 'permissions'], invalid);
    return {
      role_id: expectId(entry['role_id'], `${key}.role_id`, invalid),
      description: expectDescription(entry['description'], `${key}.description`, invalid),
      permissions: permissions(entry['permissions'], `${key}.permissions`),
    };
  });
  assertDistinct(roles.map((entry) => entry.role_id), 'rbac_policy.roles', invalid);

  const scopes = expectList(policy['scopes'] ?? [], 'rbac_policy.scopes', invalid).map((raw, index) => {
    const key = `rbac_policy.scopes[${index}]`;
    const entry = expectEntry(raw, key, ['scope', 'description', 'permissions'], invalid);
    return {
      scope: expectId(entry['scope'], `${key}.scope`, invalid),
      description: expectDescription(entry['description'], `${key}.description`, invalid),
      permissions: permissions(entry['permissions'], `${key}.permissions`),
    };
  });
  assertDistinct(scopes.map((entry) => entry.scope), 'rbac_policy.scopes', invalid);
  return { roles, resources, scopes };
}

function assertDistinct(ids: readonly string[], key: string, invalid: (message: string) => SandboxError): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw invalid(`${key} lists ${id} twice.`);
    seen.add(id);
  }
}

/** Whether one of `roles` may do `action` on `resourceId` (`*` is every action). */
function mayDo(policy: RbacPolicyWire, roles: readonly string[], resourceId: string, action: string): boolean {
  return policy.roles.some(
    (role) =>
      roles.includes(role.role_id) &&
      role.permissions.some((permission) => permission.resource_id === resourceId && (permission.actions.includes('*') || permission.actions.includes(action))),
  );
}

/** The user's roles as the policy sees them: the implicit {@link DEFAULT_ROLE} and the assigned ones. */
export function effectiveRoles(assigned: readonly string[]): string[] {
  return [...new Set([DEFAULT_ROLE, ...assigned])];
}

/** Whether a user with `roles` may grant `scope` (see the rules at the top of this file). */
export function isGrantable(policy: RbacPolicyWire | null, roles: readonly string[], scope: string): boolean {
  const entry = policy?.scopes.find((candidate) => candidate.scope === scope);
  if (!policy || !entry) return OIDC_SCOPES.some((known) => known === scope);
  // A permission's `*` is every action of the resource: a role's own `*` on it, or each action.
  return entry.permissions.every((permission) => {
    if (!permission.actions.includes('*')) return permission.actions.every((action) => mayDo(policy, roles, permission.resource_id, action));
    const actions = policy.resources.find((resource) => resource.resource_id === permission.resource_id)?.actions ?? [];
    return mayDo(policy, roles, permission.resource_id, '*') || (actions.length > 0 && actions.every((action) => mayDo(policy, roles, permission.resource_id, action)));
  });
}

/** The project's description of a scope, or '' (the consent screen then shows its own). */
export function scopeDescription(policy: RbacPolicyWire | null, scope: string): string {
  return policy?.scopes.find((candidate) => candidate.scope === scope)?.description ?? '';
}

/** Whether the registry may list `scope` for an app: a standard one, or one the policy defines. */
function isKnownScope(policy: RbacPolicyWire | null, scope: string): boolean {
  return STANDARD_SCOPES.includes(scope) || (policy?.scopes.some((candidate) => candidate.scope === scope) ?? false);
}

// ── the connected-app registry ───────────────────────────────────────────────────────────────

/** Stytch's client types: first- or third-party, confidential (with a secret) or public (PKCE). */
const CLIENT_TYPES = ['first_party', 'first_party_public', 'third_party', 'third_party_public'] as const;
type ClientType = (typeof CLIENT_TYPES)[number];

export interface ConnectedApp {
  client_id: string;
  client_name: string;
  client_description: string;
  client_type: ClientType;
  /** Confidential types only: what the token endpoint authenticates the client with. */
  client_secret: string | null;
  /** Whether the user must consent (the first time a set of scopes is asked for). */
  consent_required: boolean;
  /** Exact strings (see the top of this file for the loopback exception). */
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  /** The scopes the app may request. */
  scopes: string[];
}

export const isPublicClient = (app: ConnectedApp): boolean => app.client_type.endsWith('_public');

export const DEMO_CLIENT_ID = 'connected-app-test-demo';
/** The sandbox's relying-party page and its callback (./relying-party-page). */
export const RELYING_PARTY_PATH = '/__sandbox/relying-party/';
export const RELYING_PARTY_CALLBACK_PATH = '/__sandbox/relying-party/callback';

/**
 * The app the sandbox starts with: a third-party public client (an assistant the user connects to
 * the shop, PKCE, no secret) that needs consent, registered for the relying-party page on any
 * loopback port.
 */
export function demoConnectedApp(): ConnectedApp {
  return {
    client_id: DEMO_CLIENT_ID,
    client_name: 'Demo Shop Assistant',
    client_description: 'An assistant that looks up your orders and places new ones for you.',
    client_type: 'third_party_public',
    client_secret: null,
    consent_required: true,
    redirect_uris: [`http://localhost${RELYING_PARTY_CALLBACK_PATH}`, `http://127.0.0.1${RELYING_PARTY_CALLBACK_PATH}`],
    post_logout_redirect_uris: [`http://localhost${RELYING_PARTY_PATH}`, `http://127.0.0.1${RELYING_PARTY_PATH}`],
    scopes: ['openid', 'profile', 'email', 'phone', 'offline_access', 'read:orders', 'write:orders'],
  };
}

const CLIENT_ID = /^[A-Za-z0-9._-]{1,100}$/;
const MAX_CLIENT_NAME = 100;
const MAX_URIS = 20;
const MAX_URI_LENGTH = 2_000;
const MAX_APP_SCOPES = 50;
const CLIENT_SECRET = /^[\x21-\x7e]{16,200}$/;
const APP_FIELDS = ['client_id', 'client_name', 'client_description', 'client_type', 'client_secret', 'consent_required', 'redirect_uris', 'post_logout_redirect_uris', 'scopes'];

const invalidApp = (message: string): SandboxError => new SandboxError(400, 'invalid_connected_app', message);

/** localhost, *.localhost, 127.x and [::1]: where plain http is allowed and the port may vary. */
function isLoopbackHostname(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) || hostname === '[::1]';
}

/**
 * A redirect URI an app may register: absolute http(s), no fragment, no user info, http on
 * loopback only (Stytch's connected_app_redirect_url_* errors), written as the URL parser would
 * write it, so the exact comparison later is not defeated by an unnormalised registration.
 */
function registrableUri(value: unknown, key: string): string {
  if (typeof value !== 'string' || value.length > MAX_URI_LENGTH || !URL.canParse(value)) {
    throw new SandboxError(400, 'connected_app_redirect_url_must_include_scheme', `${key} must be an absolute URL of at most ${MAX_URI_LENGTH} characters.`);
  }
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new SandboxError(400, 'connected_app_redirect_url_must_use_http_or_https_scheme', `${key} must use http or https.`);
  }
  if (url.protocol === 'http:' && !isLoopbackHostname(url.hostname)) {
    throw new SandboxError(400, 'connected_app_redirect_url_http_scheme_must_use_loopback', `${key}: http is allowed on loopback hosts only; use https.`);
  }
  if (url.hash !== '' || value.includes('#') || url.username !== '' || url.password !== '') {
    throw new SandboxError(400, 'connected_app_invalid_redirect_url', `${key} must have no fragment and no user info.`);
  }
  if (url.href !== value) throw invalidApp(`${key} must be written in normal form: ${url.href}`);
  return value;
}

function uriList(value: unknown, key: string, min: number): string[] {
  if (!Array.isArray(value) || value.length < min || value.length > MAX_URIS) throw invalidApp(`${key} must be a list of ${min}–${MAX_URIS} URLs.`);
  const uris = value.map((uri, index) => registrableUri(uri, `${key}[${index}]`));
  if (new Set(uris).size !== uris.length) throw new SandboxError(400, 'duplicate_redirect_url', `${key} lists a URL twice.`);
  return uris;
}

/**
 * A connected app as POST /__sandbox/api/connected-apps sends it. Required: client_id, client_name,
 * client_type, redirect_uris, scopes; defaults: client_description '', consent_required true,
 * post_logout_redirect_uris []. Confidential types get a generated client_secret unless one is
 * sent; public types may not have one. Stytch's rules for third parties: no `full_access`, and
 * `offline_access` only with consent.
 */
export function parseConnectedApp(body: JsonObject, policy: RbacPolicyWire | null, newSecret: () => string): ConnectedApp {
  const unknown = Object.keys(body).filter((name) => !APP_FIELDS.includes(name));
  if (unknown.length > 0) throw invalidApp(`Unknown key: ${unknown.join(', ')}.`);
  const clientId = body['client_id'];
  if (typeof clientId !== 'string' || !CLIENT_ID.test(clientId)) throw invalidApp('client_id must be 1–100 letters, digits, dots, dashes or underscores.');
  const name = body['client_name'];
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_CLIENT_NAME) throw invalidApp(`client_name must be text of 1–${MAX_CLIENT_NAME} characters.`);
  const description = body['client_description'] ?? '';
  if (typeof description !== 'string' || description.length > MAX_DESCRIPTION) throw invalidApp(`client_description must be text of at most ${MAX_DESCRIPTION} characters.`);
  const type = CLIENT_TYPES.find((candidate) => candidate === body['client_type']);
  if (!type) throw new SandboxError(400, 'invalid_connected_app_type', `client_type must be one of ${CLIENT_TYPES.join(', ')}.`);
  const consent = body['consent_required'] ?? true;
  if (typeof consent !== 'boolean') throw invalidApp('consent_required must be true or false.');

  const rawScopes = body['scopes'];
  if (!Array.isArray(rawScopes) || rawScopes.length === 0 || rawScopes.length > MAX_APP_SCOPES) throw invalidApp(`scopes must be a list of 1–${MAX_APP_SCOPES} scopes.`);
  const scopes = rawScopes.map((scope, index) => {
    if (typeof scope !== 'string' || !isKnownScope(policy, scope)) {
      throw new SandboxError(400, 'invalid_rbac_scope', `scopes[${index}] must be a standard scope or one of the project's rbac_policy scopes.`);
    }
    return scope;
  });
  if (new Set(scopes).size !== scopes.length) throw invalidApp('scopes lists a scope twice.');
  const thirdParty = type.startsWith('third_party');
  if (thirdParty && scopes.includes('full_access')) throw new SandboxError(400, 'third_party_clients_cannot_use_full_access', 'Third-party apps cannot request full_access.');
  if (thirdParty && scopes.includes('offline_access') && !consent) {
    throw new SandboxError(400, 'third_party_clients_require_consent_for_offline_access', 'Third-party apps with offline_access must require consent.');
  }

  const secret = body['client_secret'];
  const isPublic = type.endsWith('_public');
  if (secret !== undefined && (isPublic || typeof secret !== 'string' || !CLIENT_SECRET.test(secret))) {
    throw invalidApp(isPublic ? 'Public clients have no client_secret.' : 'client_secret must be 16–200 printable ASCII characters.');
  }
  return {
    client_id: clientId,
    client_name: name,
    client_description: description,
    client_type: type,
    client_secret: isPublic ? null : typeof secret === 'string' ? secret : newSecret(),
    consent_required: consent,
    redirect_uris: uriList(body['redirect_uris'], 'redirect_uris', 1),
    post_logout_redirect_uris: uriList(body['post_logout_redirect_uris'] ?? [], 'post_logout_redirect_uris', 0),
    scopes,
  };
}

/**
 * Whether `requested` is one of `registered` (see the top of this file): the same string, or, for a
 * registration on a loopback host without a port, the same string with a port after the host.
 */
export function isRegisteredUri(registered: readonly string[], requested: string): boolean {
  return registered.some((uri) => {
    if (uri === requested) return true;
    const url = new URL(uri);
    if (!isLoopbackHostname(url.hostname) || url.port !== '') return false;
    const origin = `${url.protocol}//${url.host}`;
    if (!uri.startsWith(origin) || !requested.startsWith(`${origin}:`)) return false;
    const rest = requested.slice(origin.length + 1);
    const port = /^[1-9]\d{0,4}/.exec(rest)?.[0];
    return port !== undefined && Number(port) <= 65_535 && rest.slice(port.length) === uri.slice(origin.length);
  });
}

// ── consent ──────────────────────────────────────────────────────────────────────────────────

/** What a user granted an app so far, by `grantKey`. */
export interface GrantRecord {
  userId: string;
  clientId: string;
  scopes: string[];
  grantedAt: number;
}

export const grantKey = (userId: string, clientId: string): string => `${userId}\n${clientId}`;

/** The prompt values OpenID Connect defines; `prompt` is a space-separated list of them. */
const PROMPTS = ['none', 'login', 'consent', 'select_account'];

export function parsePrompt(prompt: string | undefined): string[] {
  if (prompt === undefined || prompt === '') return [];
  const values = prompt.split(' ');
  if (!values.every((value) => PROMPTS.includes(value)) || (values.includes('none') && values.length > 1)) {
    throw new SandboxError(400, 'bad_request', `prompt must be none, or a space-separated list of ${PROMPTS.slice(1).join(', ')}.`);
  }
  return values;
}

/** Whether the user must be asked (see the top of this file); `grantable`: the requested scopes they may grant. */
export function isConsentRequired(app: ConnectedApp, grant: GrantRecord | undefined, grantable: readonly string[], prompt: readonly string[]): boolean {
  if (prompt.includes('consent')) return true;
  if (!app.consent_required) return false;
  return !grantable.every((scope) => grant?.scopes.includes(scope) ?? false);
}

/** `uri` (a registered redirect, so it parses) with OAuth response parameters added. */
export function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
}
