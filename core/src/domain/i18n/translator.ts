import type { Scheduler } from '../../ports/scheduler.port';
import type * as CatalogueSourcesModule from './catalogue-sources';
import type { NamespaceLoader } from './catalogue-sources';

type CatalogueSources = typeof CatalogueSourcesModule;
import { BASE_LOCALE, BUNDLED_LOCALES, localeChain, resolveLocale } from './locale';
import englishMain from './locales/en/main';
import type { MessageParams, MessageRef } from './message-ref';
import { namespaceOf, type MessageKey, type MessageOverrides, type MessageText, type NamespaceId } from './namespaces';

/** Turns message references into display text for one locale. */
export interface Translator {
  /** The locale this translator renders (a canonical BCP 47 tag). */
  readonly locale: string;
  /** Text of a catalogue key with `{name}` placeholders filled in; plural forms chosen by the first number. */
  t(key: MessageKey, params?: MessageParams): string;
  /** Text of any message reference (catalogue key or literal provider text). */
  text(message: MessageRef): string;
  /** Whether these namespaces have loaded for every locale of the chain (so `t` is final). */
  isReady(namespaces: readonly NamespaceId[]): boolean;
  /**
   * Loads namespaces for the whole chain. Never rejects; the same promise while one is pending.
   * Resolves to whether each namespace arrived for some locale of the chain (`false`: one shows
   * its keys, having failed or missed its deadline everywhere; another load tries it again).
   */
  load(namespaces: readonly NamespaceId[]): Promise<boolean>;
}

/** Every translator of one core: one per locale, sharing the catalogues they loaded. */
export interface Translations {
  /** The translator of the page's locale. */
  readonly default: Translator;
  /** The translator of a locale (resolved against the catalogues; English if none matches). */
  forLocale(locale: string | undefined): Translator;
  /** Loads namespaces for every translator created so far (e.g. `errors` while a call fails). */
  loadEverywhere(namespaces: readonly NamespaceId[]): Promise<void>;
}

export interface TranslationsOptions {
  /** The page's preferred locales, most preferred first (configuration, then the browser's). */
  readonly locale?: string | readonly string[];
  /** Integrator wording that replaces catalogue strings in every locale. */
  readonly messages?: MessageOverrides;
  /** Integrator wording per locale (`{ fr: { 'login.title': '…' } }`); wins over `messages`. */
  readonly messagesByLocale?: Readonly<Record<string, MessageOverrides>>;
  /** Where catalogue namespaces come from (default: the core's bundled catalogues, loaded on demand). */
  readonly messageLoader?: NamespaceLoader;
  /** Locales `messageLoader` provides, when it is not the bundled one. */
  readonly availableLocales?: readonly string[];
  /** Namespaces already in memory, e.g. `{ en: ENGLISH_CATALOGUES }` in tests or a server renderer. */
  readonly preloadedMessages?: Readonly<Record<string, Readonly<Partial<Record<NamespaceId, MessageOverrides>>>>>;
  /**
   * Runs the load deadline: a namespace that has not arrived within `messageLoadTimeoutMs`
   * counts as failed, so nothing waits on a hung chunk. Without one, loads have no deadline.
   */
  readonly scheduler?: Scheduler;
  /** The load deadline ({@link DEFAULT_MESSAGE_LOAD_TIMEOUT_MS} by default). */
  readonly messageLoadTimeoutMs?: number;
  /** Told about a key no loaded catalogue has (it renders as the key). */
  readonly onMissing?: (key: MessageKey, locale: string) => void;
  /** Told when a namespace failed to load or missed its deadline (its strings fall back along the chain). */
  readonly onLoadError?: (locale: string, namespace: NamespaceId, cause: unknown) => void;
}

/** How long a namespace may take to load before its strings fall back (see `scheduler`). */
export const DEFAULT_MESSAGE_LOAD_TIMEOUT_MS = 8000;

/**
 * Shown for an error whose own message could not be loaded (the connection is down, so the
 * `errors` namespace never arrived): still a clear message, from the first-load namespace.
 */
const ERRORS_UNAVAILABLE: MessageKey = 'common.errorsUnavailable';

const READY: Promise<void> = Promise.resolve();
const LOADED: Promise<boolean> = Promise.resolve(true);

/** The namespaces one core holds, shared by its translators and written by the loading code. */
export interface NamespaceSlots {
  /** `${locale}/${namespace}` → the namespace's messages (null: the locale has none). */
  readonly loaded: Map<string, MessageOverrides | null>;
  /** Slots whose last load failed or timed out: ready (their strings fall back), tried again by `load`. */
  readonly failed: Set<string>;
}

function interpolate(template: string, params: MessageParams | undefined): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** The number a plural message is chosen by: `count`, else the first numeric parameter. */
function pluralCount(params: MessageParams | undefined): number | undefined {
  if (!params) return undefined;
  if (typeof params['count'] === 'number') return params['count'];
  return Object.values(params).find((value): value is number => typeof value === 'number');
}

/** Builds the translators of one core. */
export function createTranslations(options: TranslationsOptions = {}): Translations {
  const available = options.availableLocales ?? BUNDLED_LOCALES;
  const loaded = new Map<string, MessageOverrides | null>([[`${BASE_LOCALE}/main`, englishMain]]);
  for (const [locale, namespaces] of Object.entries(options.preloadedMessages ?? {})) {
    for (const [namespace, messages] of Object.entries(namespaces)) loaded.set(`${locale}/${namespace}`, messages ?? null);
  }
  const failed = new Set<string>();
  const pending = new Map<string, Promise<void>>();
  const slots: NamespaceSlots = { loaded, failed };

  // The loading code's own arrival has the same deadline: a chunk that hangs must not hold the
  // screens that wait for strings. A failed or late arrival is tried again on the next load.
  let code: Promise<CatalogueSources> | null = null;
  const loadingCode = () =>
    (code ??= new Promise((resolve, reject) => {
      const failed = (cause: unknown) => {
        deadline?.unsubscribe();
        code = null;
        reject(cause);
      };
      const deadline = options.scheduler?.schedule(() => failed(new Error('The catalogue loader did not arrive in time')), options.messageLoadTimeoutMs ?? DEFAULT_MESSAGE_LOAD_TIMEOUT_MS);
      import('./catalogue-sources').then((module) => {
        deadline?.unsubscribe();
        resolve(module);
      }, failed);
    }));

  const loadOne = (locale: string, namespace: NamespaceId): Promise<void> => {
    const slot = `${locale}/${namespace}`;
    if (loaded.has(slot)) return READY;
    let promise = pending.get(slot);
    if (!promise) {
      // The loading code (the deadline, the bundled catalogues' table) is a chunk of its own: the
      // first screen renders from English `main`, which is here already. If that chunk cannot
      // load, the namespace failed like one that could not.
      promise = loadingCode()
        .then(
          (module) => module.loadNamespace(slots, locale, namespace, options),
          (cause: unknown) => {
            failed.add(slot);
            options.onLoadError?.(locale, namespace, cause);
          },
        )
        .then(() => void pending.delete(slot));
      pending.set(slot, promise);
    }
    return promise;
  };

  const render = (message: MessageText, locale: string, params: MessageParams | undefined): string => {
    if (typeof message === 'string') return interpolate(message, params);
    const count = pluralCount(params);
    // Rules made per plural text, not kept: plural texts are few (a countdown's, once a second).
    const form = count === undefined ? message.other : (message[new Intl.PluralRules(locale).select(count)] ?? message.other);
    return interpolate(form, params);
  };

  const translators = new Map<string, Translator>();

  const create = (locale: string): Translator => {
    const chain = localeChain(locale);
    // What has catalogues to load: a locale the bundled ones lack (`en-US`, whose parent `en` is
    // here) has nothing, so an en-US page is ready at once, without fetching the loading code.
    const loadable = options.messageLoader ? chain : chain.filter((tag) => BUNDLED_LOCALES.includes(tag));
    const localOverrides = chain.map((tag) => options.messagesByLocale?.[tag]);
    const batches = new Map<string, Promise<boolean>>();
    const settled = (namespaces: readonly NamespaceId[], isSettled: (slot: string) => boolean) =>
      namespaces.every((namespace) => loadable.every((tag) => isSettled(`${tag}/${namespace}`)));
    const isReady = (namespaces: readonly NamespaceId[]) => settled(namespaces, (slot) => loaded.has(slot) || failed.has(slot));
    const t = (key: MessageKey, params?: MessageParams): string => {
      // Integrator wording first (for this locale, then for all), then the catalogues along the chain.
      for (const [index, tag] of chain.entries()) {
        const local = localOverrides[index]?.[key];
        if (local !== undefined) return render(local, tag, params);
      }
      const override = options.messages?.[key];
      if (override !== undefined) return render(override, locale, params);
      const namespace = namespaceOf(key);
      for (const tag of chain) {
        const message = loaded.get(`${tag}/${namespace}`)?.[key];
        if (message !== undefined) return render(message, tag, params);
      }
      if (namespace === 'errors' && chain.some((tag) => failed.has(`${tag}/errors`))) return t(ERRORS_UNAVAILABLE);
      options.onMissing?.(key, locale);
      return key;
    };
    return {
      locale,
      t,
      text: (message) => ('text' in message ? message.text : t(message.key, message.params)),
      isReady,
      load: (namespaces) => {
        // Failed namespaces are ready (they fall back) but an explicit load tries them again.
        if (settled(namespaces, (slot) => loaded.has(slot))) return LOADED;
        const batchKey = namespaces.join(' ');
        let batch = batches.get(batchKey);
        if (!batch) {
          batch = Promise.all(namespaces.flatMap((namespace) => loadable.map((tag) => loadOne(tag, namespace)))).then(() => {
            batches.delete(batchKey);
            return namespaces.every((namespace) => loadable.some((tag) => loaded.has(`${tag}/${namespace}`)));
          });
          batches.set(batchKey, batch);
        }
        return batch;
      },
    };
  };

  const forLocale = (requested: string | undefined): Translator => {
    const locale = resolveLocale([requested], available);
    let translator = translators.get(locale);
    if (!translator) {
      translator = create(locale);
      translators.set(locale, translator);
    }
    return translator;
  };

  const preferred = typeof options.locale === 'string' ? [options.locale] : (options.locale ?? []);
  const defaultTranslator = forLocale(resolveLocale(preferred, available));

  return {
    default: defaultTranslator,
    forLocale,
    loadEverywhere: (namespaces) => Promise.all([...translators.values()].map((translator) => translator.load(namespaces))).then(() => undefined),
  };
}

/** One translator on its own (tests, a server renderer): `createTranslations(options).default`. */
export function createTranslator(options: TranslationsOptions = {}): Translator {
  return createTranslations(options).default;
}
