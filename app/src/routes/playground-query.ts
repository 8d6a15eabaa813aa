import {
  OAUTH_PROVIDERS,
  OTP_METHODS,
  PRODUCTS,
  BUNDLED_LOCALES,
  BASE_LOCALE,
  supportedLocale,
  type OAuthProviderType,
  type OtpMethod,
  type Product,
  type WidgetConfig,
} from '@vestibule/core';

export const THEMES = ['light', 'dark'] as const;
/** Google One Tap in the playground (`oneTap=embedded|floating`): shown on any host, to try it out. */
const ONE_TAP_MODES = ['embedded', 'floating'] as const;
type OneTapMode = (typeof ONE_TAP_MODES)[number];
type Theme = (typeof THEMES)[number];

/**
 * Passcode expiries a developer may choose, in minutes (Stytch's accepted range, 1 to 10). Absent
 * (the default), requests state none and the project's configured expiry applies (SPEC §9).
 */
export const OTP_EXPIRATION_CHOICES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'] as const;

const PARAMS = ['products', 'otpMethods', 'otpExpirationMinutes', 'oauthProviders', 'locale', 'theme', 'oneTap'] as const;
type PlaygroundParam = (typeof PARAMS)[number];

/**
 * What the URL held that the playground did not use, in its own words only: the names of unknown
 * parameters and all unknown values are anyone's text (a link can carry 10,000 characters, markup
 * or bidirectional controls), so they are counted, never kept (issue 16 §21).
 */
interface IgnoredInput {
  /** Parameters the playground does not know. */
  readonly settings: number;
  /** Per known parameter, in `PARAMS` order, how many of its values were not understood. */
  readonly values: readonly { readonly param: PlaygroundParam; readonly count: number }[];
}

/** A playground configuration read from the URL, plus what was not understood. */
export interface PlaygroundQuery {
  readonly config: WidgetConfig;
  readonly locale: string;
  readonly theme: Theme;
  /** Google One Tap's position, or `null` when it is off. */
  readonly oneTap: OneTapMode | null;
  readonly ignored: IgnoredInput;
}

/** Unknown values per parameter, counted as they are read. */
type IgnoredCounts = Partial<Record<PlaygroundParam, number>>;

function countIgnored(ignored: IgnoredCounts, name: PlaygroundParam): void {
  ignored[name] = (ignored[name] ?? 0) + 1;
}

/** Accepts both `products=a,b` (shareable links) and `products=a&products=b` (a plain GET form). */
function listParam(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

function pick<T extends string>(values: string[], allowed: readonly T[], name: PlaygroundParam, ignored: IgnoredCounts): T[] {
  const picked: T[] = [];
  for (const value of values) {
    if ((allowed as readonly string[]).includes(value)) {
      if (!picked.includes(value as T)) picked.push(value as T);
    } else countIgnored(ignored, name);
  }
  return picked;
}

/**
 * RFC 5646 §4.4.1's buffer for a tag: enough for language, script, region and a variant. Longer
 * tags (private use and extensions add subtags without end) are refused: the locale is shown in
 * the form and the link, and a 9,000-character one would stretch the page.
 */
const MAX_LOCALE_LENGTH = 35;

/**
 * Locales the widget can render: a bundled one or a regional variant of one (`fr-CA` falls back
 * to `fr`), in canonical form. Anything else is reported as ignored.
 */
function pickLocales(values: string[], ignored: IgnoredCounts): string[] {
  const picked: string[] = [];
  for (const value of values) {
    const tag = value.length > MAX_LOCALE_LENGTH ? null : supportedLocale(value, BUNDLED_LOCALES);
    if (tag === null) countIgnored(ignored, 'locale');
    else if (!picked.includes(tag)) picked.push(tag);
  }
  return picked;
}

/** The default when `products` is absent: the product's own mix, minus what is not built yet. */
const DEFAULT_PLAYGROUND_PRODUCTS: readonly Product[] = ['emailMagicLinks'];

/**
 * ARCHITECTURE.md §5: every parameter optional; unknown values are ignored and reported (counted).
 * `products` present but empty stays empty (the page asks for a product); absent, it is the default.
 * Example: `?products=emailMagicLinks,otp&otpMethods=sms,email&otpExpirationMinutes=5&oauthProviders=google&locale=en&theme=light`
 * (without `otpExpirationMinutes`, the project's configured passcode expiry applies).
 */
export function parsePlaygroundQuery(search: string): PlaygroundQuery {
  const params = new URLSearchParams(search);
  const ignored: IgnoredCounts = {};
  let unknownSettings = 0;
  for (const name of new Set(params.keys())) {
    if (!(PARAMS as readonly string[]).includes(name)) unknownSettings++;
  }
  const productValues = listParam(params, 'products');
  const products = params.has('products') ? pick<Product>(productValues, PRODUCTS, 'products', ignored) : [...DEFAULT_PLAYGROUND_PRODUCTS];
  const otpMethods = pick<OtpMethod>(listParam(params, 'otpMethods'), OTP_METHODS, 'otpMethods', ignored);
  // An empty value (the form's "project's setting") is no choice, not an unknown one.
  const [otpExpiration] = pick(listParam(params, 'otpExpirationMinutes'), OTP_EXPIRATION_CHOICES, 'otpExpirationMinutes', ignored);
  const oauthProviders = pick<OAuthProviderType>(listParam(params, 'oauthProviders'), OAUTH_PROVIDERS, 'oauthProviders', ignored);
  const [locale = BASE_LOCALE] = pickLocales(listParam(params, 'locale'), ignored);
  const [theme = 'light'] = pick<Theme>(listParam(params, 'theme'), THEMES, 'theme', ignored);
  const [oneTap = null] = pick<OneTapMode>(listParam(params, 'oneTap'), ONE_TAP_MODES, 'oneTap', ignored);
  const providers = (oauthProviders.length > 0 ? oauthProviders : (['google'] as const)).map((type) =>
    type === 'google' && oneTap !== null ? { type, one_tap: true, position: oneTap } : { type },
  );
  return {
    config: {
      products,
      otpOptions: {
        methods: otpMethods.length > 0 ? otpMethods : ['email'],
        ...(otpExpiration === undefined ? {} : { expirationMinutes: Number(otpExpiration) }),
      },
      oauthOptions: { providers },
    },
    locale,
    theme,
    oneTap,
    ignored: {
      settings: unknownSettings,
      values: PARAMS.flatMap((param) => {
        const count = ignored[param];
        return count === undefined ? [] : [{ param, count }];
      }),
    },
  };
}

/** The canonical, shareable query for a configuration (stable order, comma lists). */
export function playgroundSearch(query: PlaygroundQuery): string {
  const params = new URLSearchParams();
  params.set('products', query.config.products.join(','));
  params.set('otpMethods', (query.config.otpOptions?.methods ?? []).join(','));
  const expirationMinutes = query.config.otpOptions?.expirationMinutes;
  if (expirationMinutes !== undefined) params.set('otpExpirationMinutes', String(expirationMinutes));
  params.set('oauthProviders', (query.config.oauthOptions?.providers ?? []).map((provider) => provider.type).join(','));
  params.set('locale', query.locale);
  params.set('theme', query.theme);
  if (query.oneTap !== null) params.set('oneTap', query.oneTap);
  return `?${params.toString().replace(/%2C/g, ',')}`;
}
