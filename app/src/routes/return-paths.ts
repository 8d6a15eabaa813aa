

/** Query parameters that carry credentials: they never stay in the address bar or in history. */
const CREDENTIAL_PARAMS = ['token', 'stytch_token_type', 'session_token', 'session_jwt'] as const;

/** What {@link takeCredentials} took out of the address. */
export interface TakenCredentials {
  readonly token: string | null;
  readonly tokenType: string | null;
  readonly sessionToken: string | null;
  /** The query that is left, without the leading `?`. */
  readonly remainingSearch: string;
}

/**
 * Reads credentials from the URL and removes them from the address bar, whatever the route,
 * before anything else (analytics, error reporting, a later page) can see them.
 */
export function takeCredentials(location: Pick<Location, 'pathname' | 'search' | 'hash'>, history: Pick<History, 'replaceState'>): TakenCredentials {
  const params = new URLSearchParams(location.search);
  const taken = { token: params.get('token'), tokenType: params.get('stytch_token_type'), sessionToken: params.get('session_token') };
  if (CREDENTIAL_PARAMS.some((name) => params.has(name))) {
    for (const name of CREDENTIAL_PARAMS) params.delete(name);
    const query = params.toString();
    history.replaceState(null, '', `${location.pathname}${query === '' ? '' : `?${query}`}${location.hash}`);
  }
  return { ...taken, remainingSearch: params.toString() };
}
