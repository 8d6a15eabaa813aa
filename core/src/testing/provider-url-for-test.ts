import { toProviderUrl, type ProviderUrl } from '../domain/redirects/provider-url';

/** A URL as an adapter would mint it from its provider's answer, for a core test's scripted port; throws on one no adapter would accept. */
export function providerUrlForTest(raw: string): ProviderUrl {
  const url = toProviderUrl(raw);
  if (url === null) throw new Error(`not a URL a page may leave for: ${raw}`);
  return url;
}
