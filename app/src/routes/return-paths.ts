import { withReturnContext, type ReturnContext } from '@vestibule/core';

/** `/login` carrying the return context, for links back into the sign-in. */
export const loginPath = (context: ReturnContext): string => withReturnContext('/login', context);

/** Query parameters that carry credentials and must not stay in the address bar or history. */
export const CREDENTIAL_PARAMS = ['token', 'stytch_token_type', 'session_token', 'session_jwt'] as const;

/** Reads the callback's credentials and removes them from the URL, leaving the rest intact. */
export function takeCallbackCredentials(location: Pick<Location, 'pathname' | 'search' | 'hash'>, history: Pick<History, 'replaceState'>) {
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  const tokenType = params.get('stytch_token_type');
  if (CREDENTIAL_PARAMS.some((name) => params.has(name))) {
    for (const name of CREDENTIAL_PARAMS) params.delete(name);
    const query = params.toString();
    history.replaceState(null, '', `${location.pathname}${query === '' ? '' : `?${query}`}${location.hash}`);
  }
  return { token, tokenType, remainingSearch: params.toString() };
}
