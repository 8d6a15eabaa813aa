import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { NamespaceLoader } from './catalogue-sources';
import { ENGLISH_CATALOGUES } from './english';
import { catalogueLocale, localeChain, resolveLocale } from './locale';
import { NAMESPACES, namespaceOf, type MessageOverrides, type NamespaceId } from './namespaces';
import { createTranslations, createTranslator, DEFAULT_MESSAGE_LOAD_TIMEOUT_MS } from './translator';

const allEnglish = { en: ENGLISH_CATALOGUES };

/** A loader over fixed catalogues that records what was asked for. */
function fixedLoader(catalogues: Record<string, Partial<Record<NamespaceId, MessageOverrides>>>) {
  const requests: string[] = [];
  const loader: NamespaceLoader = (locale, namespace) => {
    requests.push(`${locale}/${namespace}`);
    return Promise.resolve(catalogues[locale]?.[namespace]);
  };
  return { loader, requests };
}

describe('translator', () => {
  it('renders English strings with parameters; the Main namespace is there before anything loads', () => {
    const i18n = createTranslator();
    expect(i18n.locale).toBe('en');
    expect(i18n.isReady(['main'])).toBe(true);
    expect(i18n.t('login.title')).toBe('Sign up or log in');
  });

  it('loads other namespaces on demand, once, and then renders them', async () => {
    const { loader, requests } = fixedLoader({ en: ENGLISH_CATALOGUES });
    const i18n = createTranslator({ messageLoader: loader });
    expect(i18n.isReady(['magic-link'])).toBe(false);
    const first = i18n.load(['magic-link']);
    expect(i18n.load(['magic-link'])).toBe(first);
    await first;
    expect(i18n.isReady(['magic-link'])).toBe(true);
    expect(i18n.t('emailConfirmation.sentTo', { email: 'ada@example.com' })).toBe('An email was sent to ada@example.com');
    await i18n.load(['magic-link']);
    expect(requests).toEqual(['en/magic-link']);
  });

  it('renders literal provider text as given', () => {
    expect(createTranslator().text({ text: 'Server said <b>no</b>' })).toBe('Server said <b>no</b>');
  });

  it('falls back along pt-BR → pt → en, string by string', async () => {
    const { loader, requests } = fixedLoader({
      'pt-BR': { main: { 'login.continue': 'Continuar (BR)' } },
      pt: { main: { 'login.continue': 'Continuar', 'login.title': 'Inscreva-se ou entre' } },
    });
    const translations = createTranslations({ locale: 'pt-BR', messageLoader: loader, availableLocales: ['pt-BR', 'pt'], preloadedMessages: allEnglish });
    const i18n = translations.default;
    expect(i18n.locale).toBe('pt-BR');
    await i18n.load(['main']);
    expect(requests.sort()).toEqual(['pt-BR/main', 'pt/main']);
    expect(i18n.t('login.continue')).toBe('Continuar (BR)');
    expect(i18n.t('login.title')).toBe('Inscreva-se ou entre');
    expect(i18n.t('login.emailLabel')).toBe('Email');
  });

  it('chooses plural forms with Intl.PluralRules of the locale that supplied the text', async () => {
    const en = createTranslator();
    expect(en.t('common.retryIn', { seconds: 1 })).toBe('Try again in 1 second');
    expect(en.t('common.retryIn', { seconds: 5 })).toBe('Try again in 5 seconds');
    const fr = createTranslator({ locale: 'fr' });
    await fr.load(['main']);
    // French counts 0 and 1 as singular.
    expect(fr.t('common.retryIn', { seconds: 0 })).toBe('Réessayer dans 0 seconde');
    expect(fr.t('common.retryIn', { seconds: 2 })).toBe('Réessayer dans 2 secondes');
  });

  it('lets an integrator override any string, for every locale or for one', async () => {
    const translations = createTranslations({
      locale: 'fr',
      messages: { 'login.title': 'Welcome back', 'common.retryIn': { one: 'Wait {seconds} sec', other: 'Wait {seconds} secs' } },
      messagesByLocale: { fr: { 'login.title': 'Bon retour' } },
    });
    await translations.default.load(['main']);
    expect(translations.default.t('login.title')).toBe('Bon retour');
    expect(translations.default.t('login.continue')).toBe('Continuer');
    const en = translations.forLocale('en');
    expect(en.t('login.title')).toBe('Welcome back');
    expect(en.t('common.retryIn', { seconds: 2 })).toBe('Wait 2 secs');
  });

  it('shows the key (and says so) for a string no loaded catalogue has, instead of throwing', () => {
    const onMissing = vi.fn();
    const i18n = createTranslator({ onMissing });
    expect(i18n.t('home.title')).toBe('home.title');
    expect(onMissing).toHaveBeenCalledWith('home.title', 'en');
  });

  it('survives a namespace that fails to load: the promise resolves and the chain falls back', async () => {
    const onLoadError = vi.fn();
    const loader: NamespaceLoader = (locale) => (locale === 'fr' ? Promise.reject(new Error('chunk failed')) : Promise.resolve(ENGLISH_CATALOGUES.pages));
    const i18n = createTranslator({ locale: 'fr', messageLoader: loader, availableLocales: ['fr'], onLoadError });
    // It arrived in English, the chain's fallback: its strings show.
    await expect(i18n.load(['pages'])).resolves.toBe(true);
    expect(onLoadError).toHaveBeenCalledWith('fr', 'pages', expect.any(Error));
    expect(i18n.t('home.title')).toBe('You are signed in');
  });

  it('says when a namespace arrived for no locale of the chain (its keys would show), and loads it on the next try', async () => {
    let attempts = 0;
    const flaky: NamespaceLoader = () => (++attempts <= 2 ? Promise.reject(new Error('offline')) : Promise.resolve(ENGLISH_CATALOGUES.pages));
    const i18n = createTranslator({ locale: 'fr', messageLoader: flaky, availableLocales: ['fr', 'en'] });
    await expect(i18n.load(['pages'])).resolves.toBe(false);
    await expect(i18n.load(['pages'])).resolves.toBe(true);
    await expect(i18n.load(['pages'])).resolves.toBe(true);
  });

  it('gives up on a namespace that hangs once the deadline passes (virtual time), so nothing waits forever', async () => {
    const scheduler = new VirtualTimeScheduler();
    const onLoadError = vi.fn();
    const hanging: NamespaceLoader = () => new Promise(() => undefined);
    const i18n = createTranslator({ locale: 'fr', messageLoader: hanging, availableLocales: ['fr', 'en'], scheduler, onLoadError });
    let settled = false;
    void i18n.load(['pages']).then(() => (settled = true));
    // The deadlines (fr/pages, en/pages) start once the loading code, a chunk of its own, arrived.
    await vi.waitFor(() => expect(scheduler.actions).toHaveLength(2));
    expect(settled).toBe(false);
    scheduler.maxFrames = DEFAULT_MESSAGE_LOAD_TIMEOUT_MS - 1;
    scheduler.flush();
    await Promise.resolve();
    expect(settled).toBe(false);
    scheduler.maxFrames = Infinity;
    scheduler.flush();
    await vi.waitFor(() => expect(settled).toBe(true));
    expect(onLoadError).toHaveBeenCalledWith('fr', 'pages', expect.any(Error));
    // Ready, so a screen renders instead of suspending; the strings show as keys only here,
    // where no catalogue at all could load.
    expect(i18n.isReady(['pages'])).toBe(true);
  });

  it('uses a namespace that arrives after its deadline, and tries a failed one again on the next load', async () => {
    const scheduler = new VirtualTimeScheduler();
    let arrive: (messages: MessageOverrides) => void = () => undefined;
    let calls = 0;
    const slow: NamespaceLoader = () => {
      calls++;
      return new Promise((resolve) => (arrive = resolve));
    };
    const i18n = createTranslator({ messageLoader: slow, scheduler, messageLoadTimeoutMs: 1000 });
    const first = i18n.load(['pages']);
    // The loading code arrived (its own deadline is over) and asked for the namespace: only the
    // namespace's deadline is left to run.
    await vi.waitFor(() => expect(calls).toBe(1));
    scheduler.flush();
    await first;
    expect(i18n.t('home.title')).toBe('home.title');
    arrive(ENGLISH_CATALOGUES.pages);
    await vi.waitFor(() => expect(i18n.t('home.title')).toBe('You are signed in'));
    expect(calls).toBe(1);

    let attempts = 0;
    const flaky: NamespaceLoader = () => (++attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(ENGLISH_CATALOGUES.pages));
    const retrying = createTranslator({ messageLoader: flaky });
    await retrying.load(['pages']);
    expect(retrying.isReady(['pages'])).toBe(true);
    expect(retrying.t('home.title')).toBe('home.title');
    await retrying.load(['pages']);
    expect(retrying.t('home.title')).toBe('You are signed in');
    expect(attempts).toBe(2);
  });

  it('shows a clear message for an error whose own text could not load (the connection is down)', async () => {
    const offline: NamespaceLoader = (_locale, namespace) => (namespace === 'errors' ? Promise.reject(new Error('offline')) : Promise.resolve(undefined));
    const en = createTranslator({ messageLoader: offline });
    await en.load(['errors']);
    expect(en.t('error.network_unreachable')).toBe('Something went wrong. Check your connection and try again.');
    const fr = createTranslator({ locale: 'fr', preloadedMessages: { fr: { main: { 'common.errorsUnavailable': 'Une erreur s’est produite.' } } }, messageLoader: offline });
    await fr.load(['errors']);
    expect(fr.t('error.timeout')).toBe('Une erreur s’est produite.');
  });

  it('keeps a placeholder visible when its parameter is missing', async () => {
    const i18n = createTranslator({ preloadedMessages: allEnglish });
    expect(i18n.t('emailConfirmation.sentTo')).toBe('An email was sent to {email}');
  });

  it('loads the errors namespace for every translator in use at once', async () => {
    const translations = createTranslations({ locale: 'en' });
    const fr = translations.forLocale('fr');
    await translations.loadEverywhere(['errors']);
    expect(translations.default.t('error.timeout')).toBe('The server is taking too long to answer. Please try again.');
    expect(fr.t('error.timeout')).toBe('Le serveur met trop de temps à répondre. Réessayez.');
  });
});

/** Strings a real translation may leave as they are: a brand name, a pure format. */
const SAME_IN_TRANSLATION: ReadonlySet<string> = new Set(['passcodes.tabWhatsapp', 'passcodes.country']);

describe('a regional English page', () => {
  it('is ready at once for Main: en-US has no catalogue of its own, and nothing is fetched for it', () => {
    const i18n = createTranslator({ locale: 'en-US' });
    expect(i18n.locale).toBe('en-US');
    expect(i18n.isReady(['main'])).toBe(true);
    expect(i18n.t('login.title')).toBe('Sign up or log in');
  });
});

describe('bundled catalogues', () => {
  it.each(['fr', 'en-XA'])('%s has every key of every English namespace', async (locale) => {
    const i18n = createTranslator({ locale });
    await i18n.load(NAMESPACES);
    for (const [namespace, messages] of Object.entries(ENGLISH_CATALOGUES)) {
      for (const key of Object.keys(messages)) {
        const params = { email: 'x', seconds: 2, param: 'v', products: 'p', link: 'l', count: 3, provider: 'P', destination: 'd', time: '1:00', country: 'C', callingCode: '1', wallet: 'W', address: 'A', clientName: 'C', projectName: 'P' };
        const english = createTranslator({ preloadedMessages: allEnglish }).t(key as never, params);
        const translated = i18n.t(key as never, params);
        if (locale === 'en-XA' || !SAME_IN_TRANSLATION.has(key)) expect(translated, `${locale} ${namespace} ${key}`).not.toBe(english);
        expect(translated, `${locale} ${key} keeps its placeholders`).not.toMatch(/\{\w+\}/);
      }
    }
  });

  it('the pseudo-locale accents, lengthens and brackets every string but keeps placeholders working', async () => {
    const i18n = createTranslator({ locale: 'en-XA' });
    await i18n.load(['magic-link']);
    const text = i18n.t('emailConfirmation.sentTo', { email: 'ada@example.com' });
    expect(text).toMatch(/^⟦Áñ éɱáíĺ ŵáš šéñţ ţó ada@example\.com ~+⟧$/);
    expect(text.length).toBeGreaterThan('An email was sent to ada@example.com'.length * 1.2);
  });

  it('files every key under the namespace its prefix names', () => {
    for (const [namespace, messages] of Object.entries(ENGLISH_CATALOGUES)) {
      for (const key of Object.keys(messages)) expect(namespaceOf(key as never), key).toBe(namespace);
    }
  });
});

describe('choosing a locale', () => {
  it('walks from the most specific tag to English', () => {
    expect(localeChain('pt-BR')).toEqual(['pt-BR', 'pt', 'en']);
    expect(localeChain('zh-Hant-TW')).toEqual(['zh-Hant-TW', 'zh-Hant', 'zh', 'en']);
    expect(localeChain('en')).toEqual(['en']);
  });

  it('takes the first candidate with a catalogue (configuration, then browser languages), skipping junk', () => {
    expect(resolveLocale(['de-DE', 'fr-CA', 'en'], ['fr'])).toBe('fr-CA');
    expect(resolveLocale([undefined, '<script>', 'fr'], ['fr'])).toBe('fr');
    expect(resolveLocale(['de', 'ja'], ['fr'])).toBe('en');
    expect(resolveLocale(['en-GB', 'fr'], ['fr'])).toBe('en-GB');
    expect(resolveLocale(['pt-br'], ['pt'])).toBe('pt-BR');
  });

  it('names the catalogue whose text a locale shows: English for its regions, not for the pseudo-locale', () => {
    for (const locale of ['en', 'en-US', 'en-GB', 'en-Latn-US']) expect(catalogueLocale(locale), locale).toBe('en');
    expect(catalogueLocale('en-XA')).toBe('en-XA');
    expect(catalogueLocale('fr-CA')).toBe('fr');
    expect(catalogueLocale('de')).toBe('en');
    expect(catalogueLocale('pt-BR', ['pt', 'en'])).toBe('pt');
  });
});
