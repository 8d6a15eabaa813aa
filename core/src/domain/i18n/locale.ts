/** The locale every chain ends in: its catalogues are complete. */
export const BASE_LOCALE = 'en';

/** Accented, lengthened English: shows any text that bypasses the catalogue (see `pseudo.ts`). */
export const PSEUDO_LOCALE = 'en-XA';

/** Locales with catalogues of their own in the core (`locales/<locale>/`). */
const CATALOGUE_LOCALES = [BASE_LOCALE, 'fr'] as const;

/** Locales with catalogues of their own (the pseudo-locale is derived from English). */
export const BUNDLED_LOCALES: readonly string[] = [...CATALOGUE_LOCALES, PSEUDO_LOCALE];

/** A BCP 47 tag in canonical case (`pt-br` → `pt-BR`), or null when it is not one. */
function canonicalLocale(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * Where a locale looks for a string, most specific first, always ending in English:
 * `pt-BR` → `pt-BR`, `pt`, `en`. Script and region subtags are dropped one at a time.
 */
export function localeChain(locale: string): readonly string[] {
  const chain: string[] = [];
  const parts = locale.split('-');
  for (let length = parts.length; length > 0; length--) chain.push(parts.slice(0, length).join('-'));
  if (!chain.includes(BASE_LOCALE)) chain.push(BASE_LOCALE);
  return chain;
}

/**
 * The locale whose catalogue a locale's text comes from: the first of its chain that has one
 * (`en-GB` → `en`, `fr-CA` → `fr`, `en-XA` → `en-XA`). Two locales with the same one render the
 * same text, so a page pre-rendered in one can be hydrated in the other.
 */
export function catalogueLocale(locale: string, available: readonly string[] = BUNDLED_LOCALES): string {
  return localeChain(locale).find((tag) => available.includes(tag)) ?? BASE_LOCALE;
}

/**
 * `candidate` as a canonical tag when a catalogue serves it (its own or a parent's; English and
 * its regional variants always), else null (no catalogue, or not a valid tag).
 */
export function supportedLocale(candidate: string | null | undefined, available: readonly string[]): string | null {
  if (!candidate) return null;
  const tag = canonicalLocale(candidate);
  if (tag === null) return null;
  const served = localeChain(tag).some((locale) => locale !== BASE_LOCALE && available.includes(locale)) || tag === BASE_LOCALE || tag.startsWith(`${BASE_LOCALE}-`);
  return served ? tag : null;
}

/**
 * The first candidate with a catalogue of its own (or a parent's), in order of preference:
 * typically the configuration, then the browser's languages. Invalid tags are skipped; English
 * when none matches.
 */
export function resolveLocale(candidates: readonly (string | null | undefined)[], available: readonly string[]): string {
  for (const candidate of candidates) {
    const tag = supportedLocale(candidate, available);
    if (tag !== null) return tag;
  }
  return BASE_LOCALE;
}
