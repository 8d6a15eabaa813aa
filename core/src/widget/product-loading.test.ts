import { describe, expect, it } from 'vitest';
import { authError, fail, ok } from '../domain/errors/auth-error';
import type { SafePath } from '../domain/redirects/safe-redirect';
import type { MagicLinksPort } from '../ports/magic-links.port';
import type { PortName } from '../create-auth-core';
import { virtualTimeHost } from '../testing/virtual-time-host';
import { openLoginWidget } from './open-login-widget';
import { preloadEmailForm } from './preload-email-form';
import type { ProductMainBlock } from './product-catalogue';
import { productRouter } from './product-router';
import { magicLinkMainBlock } from './products/magic-link/magic-link.main-block';
import { magicLinkModule } from './products/magic-link/magic-link.module';
import { passwordsMainBlock } from './products/passwords/passwords.main-block';
import { oauthMainBlock } from './products/oauth/oauth.main-block';
import { PRODUCT_LOAD_TIMEOUT_MS, type ProductViewsLoader } from './widget.effects';
import type { AnyProductModule } from './widget.types';
import { widgetView } from './widget.view';

// Issue 16 §14, on virtual time: a product's code on a slow network. Its chunks are round trips,
// not the provider's answer, so a submit waits for them (Main busy, the address kept) and is then
// sent; code that cannot be fetched fails with the network's message, and a retry fetches again.

const loadedMagicLink = { ...magicLinkModule, router: productRouter } as AnyProductModule;

/** A promise the test settles. */
function held<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (cause: unknown) => void = () => undefined;
  const promise = new Promise<T>((settle, refuse) => {
    resolve = settle;
    reject = refuse;
  });
  return { promise, resolve, reject };
}

/** /login with magic links only, whose module (and views) arrive when the test says. */
function slowWidget(load: () => Promise<AnyProductModule>, loadViews?: ProductViewsLoader) {
  const sent: string[] = [];
  const magicLinks: MagicLinksPort = {
    send: ({ email }) => {
      sent.push(email);
      return Promise.resolve(ok(undefined));
    },
    authenticate: () => Promise.resolve(fail(authError('unexpected'))),
  };
  const { host, core, advance } = virtualTimeHost({ magicLinks });
  const flow = openLoginWidget({ host }, 'login', {
    config: { products: ['emailMagicLinks'] },
    returnContext: { redirect: '/orders' as SafePath, source: 'web' },
    products: [{ ...magicLinkMainBlock, load }],
    loadViews,
  });
  flow.subscribe(() => undefined);
  const view = () => widgetView(flow.getSnapshot());
  const emailForm = () => {
    const current = view();
    return current.screen === 'main' ? current.main.emailForm : null;
  };
  const submit = (email: string) => {
    flow.send({ type: 'emailChanged', value: email });
    flow.send({ type: 'emailSubmitted' });
  };
  return { sent, view, emailForm, submit, advance, text: core.i18n.text };
}

describe('a product whose code arrives late (virtual time)', () => {
  it('is still entered when its module arrives after 20 s, and its request is sent; Main is busy meanwhile with the address kept', async () => {
    const module = held<AnyProductModule>();
    const page = slowWidget(() => module.promise);
    await page.advance(0);
    page.submit('ada@example.com');
    await page.advance(20_000);
    // No 15 s provider-call timeout on a chunk download: still waiting, nothing dropped.
    expect(page.emailForm()).toMatchObject({ value: 'ada@example.com', busy: true, disabled: true, formError: null });
    expect(page.sent).toEqual([]);
    module.resolve(loadedMagicLink);
    await page.advance(0);
    expect(page.sent).toEqual(['ada@example.com']);
    expect(page.view()).toMatchObject({ screen: 'product', product: 'magicLink', view: { screen: 'confirmation', email: 'ada@example.com' } });
  });

  it('enters the product only once its views are here too, so Main stays busy instead of a screen waiting for code', async () => {
    const views = held<void>();
    const page = slowWidget(() => Promise.resolve(loadedMagicLink), () => views.promise);
    await page.advance(0);
    page.submit('ada@example.com');
    await page.advance(30_000);
    expect(page.sent).toEqual([]);
    expect(page.emailForm()).toMatchObject({ value: 'ada@example.com', busy: true });
    views.resolve();
    await page.advance(0);
    expect(page.sent).toEqual(['ada@example.com']);
    expect(page.view()).toMatchObject({ screen: 'product', view: { screen: 'confirmation' } });
  });

  it("gives up after the load deadline with the network's message for the form (never the server's timeout), the address kept", async () => {
    const page = slowWidget(() => new Promise(() => undefined));
    await page.advance(0);
    page.submit('ada@example.com');
    await page.advance(PRODUCT_LOAD_TIMEOUT_MS - 1);
    expect(page.emailForm()).toMatchObject({ busy: true, formError: null });
    await page.advance(1);
    const form = page.emailForm();
    expect(form).toMatchObject({ value: 'ada@example.com', busy: false, disabled: false, error: null, formError: { key: 'error.network_unreachable' } });
    expect(form?.formError && page.text(form.formError)).toMatch(/Check your connection/);
  });
});

describe('a product whose code cannot be fetched (virtual time)', () => {
  it("shows the network's message for the form, keeps the address, and the next Continue fetches again and is sent", async () => {
    let attempts = 0;
    const page = slowWidget(() => (++attempts === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve(loadedMagicLink)));
    await page.advance(0);
    page.submit('ada@example.com');
    await page.advance(0);
    expect(page.emailForm()).toMatchObject({ value: 'ada@example.com', busy: false, error: null, formError: { key: 'error.network_unreachable' } });
    expect(page.sent).toEqual([]);
    page.submit('ada@example.com');
    await page.advance(0);
    expect(attempts).toBe(2);
    expect(page.sent).toEqual(['ada@example.com']);
  });

  it("fails the same way when the product's views (screens, strings) cannot be fetched, and retries them", async () => {
    let attempts = 0;
    const page = slowWidget(
      () => Promise.resolve(loadedMagicLink),
      () => (++attempts === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve()),
    );
    await page.advance(0);
    page.submit('ada@example.com');
    await page.advance(0);
    expect(page.view().screen).toBe('main');
    expect(page.emailForm()).toMatchObject({ value: 'ada@example.com', busy: false, formError: { key: 'error.network_unreachable' } });
    expect(page.sent).toEqual([]);
    page.submit('ada@example.com');
    await page.advance(0);
    expect(page.sent).toEqual(['ada@example.com']);
  });
});

describe('preloadEmailForm', () => {
  it('fetches the modules of the products that may take the e-mail form, the first taker first, then their ports, and the error messages', async () => {
    const asked: string[] = [];
    const prefetched: PortName[][] = [];
    let errorsLoaded = 0;
    const standIn = (block: ProductMainBlock, ports: readonly PortName[]): ProductMainBlock => ({
      ...block,
      load: () => {
        asked.push(block.id);
        return Promise.resolve({ ...loadedMagicLink, id: block.id, ports });
      },
    });
    const products = [standIn(magicLinkMainBlock, ['magicLinks']), standIn(oauthMainBlock, ['oauth']), standIn(passwordsMainBlock, ['passwords'])];
    const host = { prefetchPorts: (ports: readonly PortName[]) => void prefetched.push([...ports]), prepareErrorDisplay: () => Promise.resolve(void errorsLoaded++) };
    await preloadEmailForm(host, { config: { products: ['oauth', 'emailMagicLinks', 'passwords'] }, products });
    // OAuth never takes the e-mail form (its action is its own slot's button).
    expect(asked).toEqual(['passwords', 'magicLink']);
    expect(prefetched).toEqual([['passwords'], ['magicLinks']]);
    expect(errorsLoaded).toBe(1);
  });

  it('never rejects: what could not be fetched is left to the submit', async () => {
    const failing: ProductMainBlock = { ...magicLinkMainBlock, load: () => Promise.reject(new TypeError('offline')) };
    const host = { prepareErrorDisplay: () => Promise.reject(new Error('offline')) };
    await expect(preloadEmailForm(host, { config: { products: ['emailMagicLinks'] }, products: [failing] })).resolves.toBeUndefined();
  });
});
