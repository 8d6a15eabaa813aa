declare const PROVIDER_URL: unique symbol;

/**
 * An absolute URL a provider handed back for the browser to leave the site by (an identity
 * provider's `redirect_uri`, a wallet's download page), checked by {@link toProviderUrl}. Only
 * adapters mint one (lint: `no-restricted-syntax` outside `adapters/**`), from what their provider
 * answered; `NavigationPort.leave` takes nothing else, and `navigate`/`replace` never take one.
 */
export type ProviderUrl = string & { readonly [PROVIDER_URL]: true };

/**
 * Longest URL accepted. A provider's redirect with its `code` and `state` fits well within it;
 * anything longer is refused rather than handed to the browser.
 */
export const MAX_PROVIDER_URL_LENGTH = 4096;

// Only printable ASCII, no space and no backslash, before parsing: the URL parser strips tabs,
// line breaks and leading or trailing control characters and blanks (so `java\nscript:` parses as
// `javascript:`) and reads backslashes as slashes. A provider sends URLs already encoded.
const PRINTABLE_ASCII_WITHOUT_BACKSLASH = /^[\u0021-\u005B\u005D-\u007E]+$/;
// `localhost`, its subdomains (RFC 6761) and the loopback addresses, as the URL parser writes them.
const LOOPBACK_HOST = /^(?:localhost|(?:[a-z0-9-]+\.)+localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * `raw` as a {@link ProviderUrl} (normalised by WHATWG URL parsing) when the browser may leave for
 * it: `https:` anywhere, `http:` only on this machine (localhost and loopback addresses, for
 * development). Anything else gives `null`: other schemes (`javascript:`, `data:`, `file:`, …),
 * relative or scheme-relative URLs, credentials in the URL (`https://good.example@evil.example`),
 * whitespace, control characters or non-ASCII, backslashes, and values past
 * {@link MAX_PROVIDER_URL_LENGTH}.
 *
 * For adapters only: the brand says the URL came from a provider's answer.
 */
export function toProviderUrl(raw: unknown): ProviderUrl | null {
  if (typeof raw !== 'string' || raw.length > MAX_PROVIDER_URL_LENGTH || !PRINTABLE_ASCII_WITHOUT_BACKSLASH.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
  const allowed = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOST.test(url.hostname));
  return allowed ? (url.href as ProviderUrl) : null;
}
