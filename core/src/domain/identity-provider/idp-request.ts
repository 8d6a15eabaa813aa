import type { MessageRef } from '../i18n/message-ref';
import type { AuthorizeParams, LogoutParams } from '../../ports/identity-provider.port';

// What an identity-provider page was asked to do, read from its address (SPEC §2, §3, §5): the
// query string is anyone's to write, so every parameter is checked before anything is called.

/** SPEC §3: `scope` when the request names none. */
const DEFAULT_SCOPES: readonly string[] = ['openid', 'email', 'profile'];

/** Longest parameter value accepted (a PKCE challenge is 43 characters, a URL a few hundred). */
export const MAX_PARAM_LENGTH = 2048;
/** Most scopes one request may ask for. */
const MAX_SCOPES = 50;

/** The page's request: authorize, log out, or a problem to show (nothing is called or followed). */
export type IdpRequest =
  | { readonly kind: 'authorize'; readonly params: AuthorizeParams }
  | { readonly kind: 'logout'; readonly params: LogoutParams }
  | { readonly kind: 'invalid'; readonly problem: MessageRef };

const AUTHORIZE_REQUIRED = ['client_id', 'redirect_uri'] as const;
const LOGOUT_REQUIRED = ['client_id', 'post_logout_redirect_uri'] as const;
const AUTHORIZE_OPTIONAL = ['response_type', 'scope', 'code_challenge', 'code_challenge_method', 'state', 'nonce', 'prompt'] as const;
const LOGOUT_OPTIONAL = ['id_token_hint', 'state'] as const;
// Loopback hosts, where `http:` is allowed for development (RFC 8252 §7.3).
const LOOPBACK_HOST = /^(?:localhost|(?:[a-z0-9-]+\.)+localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

const problem = (key: 'idp.missingParam' | 'idp.repeatedParam' | 'idp.longParam' | 'idp.badRedirect', param: string): IdpRequest => ({ kind: 'invalid', problem: { key, params: { param } } });

/**
 * A redirect the page could be sent to at all: an absolute `https:` URL, or `http:` on this
 * machine, with no credentials or fragment. The provider still checks it against the client's
 * registered ones exactly (and the page only ever follows the URL the provider returns); this
 * check is for a clear message before any call.
 */
function isReturnable(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '' || url.hash !== '' || url.hostname === '') return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOST.test(url.hostname));
}

/**
 * The identity-provider request in `search` (a query string). `logoutPath`: the page is
 * `/oauth/logout`; otherwise it is `/oauth/authorize`, which logs out when
 * `post_logout_redirect_uri` is present (SPEC §2). Every named parameter must appear at most once
 * and hold at most {@link MAX_PARAM_LENGTH} characters; the redirect must be a web address;
 * `response_type` defaults to `code` and `scope` to `openid email profile`. Unknown parameters are
 * ignored.
 */
export function parseIdpRequest(search: string, logoutPath = false): IdpRequest {
  const query = new URLSearchParams(search);
  const logout = logoutPath || query.has('post_logout_redirect_uri');
  const required = logout ? LOGOUT_REQUIRED : AUTHORIZE_REQUIRED;
  const values = new Map<string, string>();
  for (const name of [...required, ...(logout ? LOGOUT_OPTIONAL : AUTHORIZE_OPTIONAL)]) {
    const all = query.getAll(name);
    if (all.length > 1) return problem('idp.repeatedParam', name);
    const value = all[0];
    if (value === undefined || value === '') continue;
    if (value.length > MAX_PARAM_LENGTH) return problem('idp.longParam', name);
    values.set(name, value);
  }
  const missing = required.find((name) => !values.has(name));
  if (missing !== undefined) return problem('idp.missingParam', missing);
  const redirectParam = logout ? 'post_logout_redirect_uri' : 'redirect_uri';
  const redirect = values.get(redirectParam) ?? '';
  if (!isReturnable(redirect)) return problem('idp.badRedirect', redirectParam);
  const clientId = values.get('client_id') ?? '';
  const optional = <K extends string>(name: string, key: K): Partial<Record<K, string>> => {
    const value = values.get(name);
    return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
  };
  if (logout) {
    return { kind: 'logout', params: { clientId, postLogoutRedirectUri: redirect, ...optional('id_token_hint', 'idTokenHint'), ...optional('state', 'state') } };
  }
  const scopes = [...new Set((values.get('scope') ?? DEFAULT_SCOPES.join(' ')).split(/\s+/).filter((scope) => scope !== ''))];
  if (scopes.length > MAX_SCOPES) return problem('idp.longParam', 'scope');
  return {
    kind: 'authorize',
    params: {
      clientId,
      redirectUri: redirect,
      responseType: values.get('response_type') ?? 'code',
      scopes: scopes.length > 0 ? scopes : DEFAULT_SCOPES,
      ...optional('code_challenge', 'codeChallenge'),
      ...optional('code_challenge_method', 'codeChallengeMethod'),
      ...optional('state', 'state'),
      ...optional('nonce', 'nonce'),
      ...optional('prompt', 'prompt'),
    },
  };
}
