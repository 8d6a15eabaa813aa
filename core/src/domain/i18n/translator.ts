import { en } from './messages.en';
import type { MessageKey, MessageParams, MessageRef } from './message-ref';

/** A complete message catalogue for one locale. */
export type Catalogue = { readonly [K in MessageKey]: string };

/** Turns message references into display text for one locale. */
export interface Translator {
  readonly locale: string;
  /** Text of a catalogue key with `{name}` placeholders filled in. */
  t(key: MessageKey, params?: MessageParams): string;
  /** Text of any message reference (catalogue key or literal provider text). */
  text(message: MessageRef): string;
}

const catalogues: Record<string, Catalogue> = { en };

/** Locales with a complete catalogue. */
export const SUPPORTED_LOCALES = Object.keys(catalogues);

function interpolate(template: string, params: MessageParams | undefined): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/**
 * Creates a translator. Unknown locales fall back to English; `overrides` replace single strings
 * (an integrator's wording), everything else comes from the catalogue.
 */
export function createTranslator(locale = 'en', overrides: Partial<Catalogue> = {}): Translator {
  const base = catalogues[locale] ?? en;
  const resolved = catalogues[locale] ? locale : 'en';
  const lookup = (key: MessageKey): string => overrides[key] ?? base[key];
  return {
    locale: resolved,
    t: (key, params) => interpolate(lookup(key), params),
    text: (message) => ('text' in message ? message.text : interpolate(lookup(message.key), message.params)),
  };
}
