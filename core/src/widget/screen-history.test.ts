import { describe, expect, it, vi } from 'vitest';
import { ALL_PRODUCTS } from './all-products';
import type { WidgetConfig } from '../domain/config/widget-config';
import { authError, fail, ok } from '../domain/errors/auth-error';
import type { SafePath } from '../domain/redirects/safe-redirect';
import type { MagicLinksPort } from '../ports/magic-links.port';
import type { PasscodesPort, SendPasscodeRequest } from '../ports/passcodes.port';
import type { PasswordsPort, UserType } from '../ports/passwords.port';
import type { HistoryPort } from '../ports/history.port';
import { memoryHistory } from '../testing/memory-history';
import { memoryStorage } from '../testing/memory-storage';
import { lengthVerdict, passwordSignIn } from '../testing/password-answers';
import { virtualTimeHost } from '../testing/virtual-time-host';
import { openLoginWidget } from './open-login-widget';
import { STORED_SCREEN_KEY } from './screen-history';
import { widgetView } from './widget.view';
import type { MagicLinkView } from './products/magic-link/magic-link.types';
import type { PasscodesView } from './products/passcodes/passcodes.types';
import type { PasswordsView } from './products/passwords/passwords.types';

// Issue 16 §13: each widget screen is a history entry Back returns from, and a reload of that
// entry brings the screen and the address back from this tab's storage — never a password.

/** Main's e-mail form sends a magic link. */
const CONFIG: WidgetConfig = { products: ['emailMagicLinks'] };
/** Main's e-mail form looks the address up for passwords. */
const PASSWORDS: WidgetConfig = { products: ['emailMagicLinks', 'passwords'] };
/** E-mail codes that last 2 minutes. */
const CODES: WidgetConfig = { products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 2 } };

/** One tab: its storage and history outlive a reload; each `open` is the page loaded (again). */
function tab(userType: UserType = 'new', config: WidgetConfig = CONFIG) {
  const storage = memoryStorage();
  const tabHistory = memoryHistory();
  const mails: string[] = [];
  const sends: SendPasscodeRequest[] = [];
  const verified: Array<{ code: string; methodId: string }> = [];
  const magicLinks: MagicLinksPort = {
    send: ({ email }) => {
      mails.push(email);
      return Promise.resolve(ok(undefined));
    },
    authenticate: () => Promise.resolve(fail(authError('unexpected'))),
  };
  const passwords: PasswordsPort = {
    searchUser: () => Promise.resolve(ok(userType)),
    strengthCheck: (password) => Promise.resolve(ok(lengthVerdict(password))),
    create: () => Promise.resolve(ok(passwordSignIn(1))),
    authenticate: () => Promise.resolve(ok(passwordSignIn(2))),
    resetByEmailStart: () => Promise.resolve(ok(undefined)),
    resetByEmail: () => Promise.resolve(fail(authError('unexpected'))),
  };
  const passcodes: PasscodesPort = {
    send: (request) => {
      sends.push(request);
      return Promise.resolve(ok({ methodId: `method-${sends.length}` }));
    },
    verify: (code, methodId) => {
      verified.push({ code, methodId });
      return Promise.resolve(ok({ sessionToken: 'session-token-otp', session: passwordSignIn(3).session }));
    },
  };
  let opened = 0;
  /** Loads the page: a fresh widget on the tab's storage and history, `startAt` ms into the visit. */
  async function open(options: { readonly startAt?: number; readonly sessionHistory?: HistoryPort | undefined } = {}) {
    const ports = { magicLinks, passwords, passcodes, storage, ...(options.sessionHistory === undefined ? { sessionHistory: tabHistory.port } : { sessionHistory: options.sessionHistory }) };
    const test = virtualTimeHost(ports);
    await test.advance(options.startAt ?? 0);
    opened += 1;
    const flow = openLoginWidget(test, `login-${opened}`, { config, returnContext: { redirect: '/orders' as SafePath, source: null }, products: ALL_PRODUCTS });
    flow.subscribe(() => undefined);
    /** Until no product module is on its way (a dynamic import: real module loading, not a timer), then the answers. */
    const settle = async () => {
      await test.advance(0);
      await vi.waitFor(() => expect(flow.getSnapshot().loading).toBeNull());
      await test.advance(0);
    };
    await settle();
    const view = () => widgetView(flow.getSnapshot());
    return {
      ...test,
      settle,
      flow,
      view,
      async submit(email: string) {
        flow.send({ type: 'emailChanged', value: email });
        flow.send({ type: 'emailSubmitted' });
        await settle();
      },
      press: async (product: string, event: object) => {
        flow.send({ type: 'productEvent', product, event } as never);
        await settle();
      },
      /** What Main's e-mail field holds; fails the test when Main is not on screen. */
      mainEmail(): string {
        const current = view();
        if (current.screen !== 'main' || current.main.emailForm === null) throw new Error(`expected Main, found ${current.screen}`);
        return current.main.emailForm.value;
      },
      screen<V>(product: string): V {
        const current = view();
        if (current.screen !== 'product' || current.product !== product) throw new Error(`expected the ${product} product's screen, found ${current.screen}`);
        return current.view as V;
      },
    };
  }
  return { storage, tabHistory, mails, sends, verified, open };
}

describe('Back from a widget screen (issue 16 §13)', () => {
  it('returns from "Check your email" to Main with the address, instead of leaving the site', async () => {
    const visit = tab();
    const page = await visit.open();
    await page.submit('ada@example.com');
    expect(page.screen<MagicLinkView>('magicLink').screen).toBe('confirmation');
    // The screen is an entry of its own above the page's.
    expect(visit.tabHistory.entries).toHaveLength(2);

    visit.tabHistory.pressBack();
    await page.advance(0);

    expect(page.mainEmail()).toBe('ada@example.com');
    expect(visit.tabHistory.index).toBe(0);
    // Nothing to bring back on a reload of the page's own entry.
    expect(visit.storage.values.has(STORED_SCREEN_KEY)).toBe(false);
  });

  it('the back arrow takes the browser back past the screen’s entry, so Back never shows it again', async () => {
    const visit = tab();
    const page = await visit.open();
    for (let round = 0; round < 3; round++) {
      await page.submit('ada@example.com');
      page.flow.send({ type: 'backClicked' });
      await page.advance(0);
      expect(page.mainEmail()).toBe('ada@example.com');
      expect(visit.tabHistory.index).toBe(0);
    }
    // Three visits to the screen left no entries behind: Back now leaves for the previous page.
    expect(visit.tabHistory.entries.slice(0, visit.tabHistory.index + 1)).toEqual([null]);
  });

  it('moving between a product’s screens keeps one entry, so Back leads to Main as the back arrow does', async () => {
    const visit = tab('password', PASSWORDS);
    const page = await visit.open();
    await page.submit('ada@example.com');
    expect(page.screen<PasswordsView>('passwords').screen).toBe('login');
    await page.press('passwords', { type: 'forgotClicked' });
    expect(page.screen<PasswordsView>('passwords').screen).toBe('resetSent');
    expect(visit.tabHistory.entries).toHaveLength(2);

    visit.tabHistory.pressBack();
    await page.advance(0);
    expect(page.mainEmail()).toBe('ada@example.com');
  });
});

describe('Reloading a widget screen (issue 16 §13)', () => {
  it('brings "Check your email" back with its address, without sending another link', async () => {
    const visit = tab();
    await (await visit.open()).submit('ada@example.com');
    expect(visit.mails).toEqual(['ada@example.com']);

    const reloaded = await visit.open();

    expect(reloaded.screen<MagicLinkView>('magicLink')).toMatchObject({ screen: 'confirmation', email: 'ada@example.com' });
    expect(visit.mails).toHaveLength(1);
    // Back from the restored screen still returns to Main, the address in the field.
    visit.tabHistory.pressBack();
    await reloaded.advance(0);
    expect(reloaded.mainEmail()).toBe('ada@example.com');
  });

  it('brings Log In back with the address and an empty password: the password typed is never stored', async () => {
    const visit = tab('password', PASSWORDS);
    const page = await visit.open();
    await page.submit('ada@example.com');
    await page.press('passwords', { type: 'passwordChanged', value: 'correct horse battery staple' });
    expect([...visit.storage.values.values()].join('\n')).not.toContain('correct horse');

    const reloaded = await visit.open();

    const login = reloaded.screen<PasswordsView>('passwords');
    expect(login).toMatchObject({ screen: 'login', email: 'ada@example.com' });
    expect(JSON.stringify(login)).not.toContain('correct horse');
  });

  it('brings Passcode entry back where its countdown was, verifying against the code that went out', async () => {
    const visit = tab('new', CODES);
    const page = await visit.open();
    await page.submit('ada@example.com');
    expect(page.screen<PasscodesView>('passcodes').screen).toBe('entry');
    await page.advance(30_000);

    const reloaded = await visit.open({ startAt: 30_000 });

    const entry = reloaded.screen<Extract<PasscodesView, { screen: 'entry' }>>('passcodes');
    expect(entry.destination).toBe('ada@example.com');
    expect(entry.expiry).toEqual({ status: 'counting', timeLeft: '1:30' });
    expect(visit.sends).toHaveLength(1);
    await reloaded.press('passcodes', { type: 'codeChanged', value: '123456' });
    expect(visit.verified).toEqual([{ code: '123456', methodId: 'method-1' }]);
  });

  it('brings back a Passcode entry whose expiry is the provider’s (none configured) without inventing a countdown', async () => {
    const visit = tab('new', { products: ['otp'], otpOptions: { methods: ['email'] } });
    await (await visit.open()).submit('ada@example.com');

    const reloaded = await visit.open({ startAt: 60_000 });

    expect(reloaded.screen<Extract<PasscodesView, { screen: 'entry' }>>('passcodes').expiry).toEqual({ status: 'unknown' });
  });

  it('a reload of the page’s own entry after Back shows Main, not the screen left', async () => {
    const visit = tab();
    const page = await visit.open();
    await page.submit('ada@example.com');
    visit.tabHistory.pressBack();
    await page.advance(0);

    const reloaded = await visit.open();
    expect(reloaded.view().screen).toBe('main');
  });

  it('without a tabHistory port the screens are not entries, and nothing is stored', async () => {
    const visit = tab();
    const noHistory: HistoryPort = { current: () => null, push: () => undefined, back: () => undefined, watch: () => () => undefined };
    const page = await visit.open({ sessionHistory: noHistory });
    await page.submit('ada@example.com');
    const reloaded = await visit.open({ sessionHistory: noHistory });
    expect(reloaded.view().screen).toBe('main');
  });
});

describe('A stored screen is untrusted input (issue 16 §13)', () => {
  const marker = 'w-hostile';
  const stored = (product: string, screen: object, email = 'ada@example.com') => JSON.stringify({ marker, product, email, screen });
  const HOSTILE: readonly string[] = [
    '{not json',
    '[]',
    'null',
    '"w-hostile"',
    JSON.stringify({ marker: 'another-entry', product: 'magicLink', email: 'ada@example.com', screen: { screen: 'confirmation', email: 'ada@example.com', returnTo: null } }),
    stored('__proto__', { screen: 'confirmation' }),
    stored('magicLink', { screen: 'confirmation', email: '<img src=x onerror=alert(1)>', returnTo: null }),
    stored('magicLink', { screen: 'confirmation', email: `${'a'.repeat(10_000)}@example.com`, returnTo: null }),
    stored('magicLink', { screen: 'confirmation', email: 'ada@example.com', returnTo: 'evil' }),
    stored('magicLink', { screen: 'confirmation', email: { toString: 'x' }, returnTo: null }),
    stored('passwords', { screen: 'login', email: 42 }),
    stored('passwords', { screen: 'resetSent', email: 'ada@example.com', reason: 'constructor' }),
    stored('passcodes', { screen: 'entry', channel: 'sms', destination: '+14155550100', methodId: '', expiresAt: 120_000, returnTo: null }),
    stored('passcodes', { screen: 'entry', channel: 'pigeon', destination: '+14155550100', methodId: 'm', expiresAt: 120_000, returnTo: null }),
    stored('passcodes', { screen: 'entry', channel: 'sms', destination: '+14155550100', methodId: 'm', expiresAt: 'soon', returnTo: null }),
    stored('oauth', { screen: 'anything' }),
    'x'.repeat(100_000),
  ];

  it.each(HOSTILE.map((value, index) => [index, value]))('value %i opens Main, without an exception', async (_index, value) => {
    const visit = tab();
    visit.storage.set(STORED_SCREEN_KEY, value);
    visit.tabHistory.port.push(marker);
    const page = await visit.open();
    const view = page.view();
    expect(view.screen === 'main' && view.main.emailForm?.busy).toBe(false);
  });
});
