import { describe, expect, it, vi } from 'vitest';
import { ALL_PRODUCTS } from '../../all-products';
import { authError, fail, ok } from '../../../domain/errors/auth-error';
import type { SafePath } from '../../../domain/redirects/safe-redirect';
import type { MagicLinksPort } from '../../../ports/magic-links.port';
import type { PasswordsPort, UserType } from '../../../ports/passwords.port';
import { lengthVerdict, passwordSignIn } from '../../../testing/password-answers';
import { takeSessionHandoff } from '../../../domain/session/session-handoff';
import { memoryStorage } from '../../../testing/memory-storage';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import { openLoginWidget } from '../../open-login-widget';
import { widgetView } from '../../widget.view';

const signIn = passwordSignIn(7);

/** The login widget with passwords and magic links, on hand-written ports and virtual time; the address looks up as `userType`. */
function widget(userType: UserType = 'new') {
  const checks: Array<{ password: string; email: string | null }> = [];
  const created: string[] = [];
  /** What went out by e-mail, in order: login links and reset e-mails. */
  const mails: string[] = [];
  const passwords: PasswordsPort = {
    searchUser: () => Promise.resolve(ok(userType)),
    strengthCheck: (password, email) => {
      checks.push({ password, email });
      return Promise.resolve(ok(lengthVerdict(password)));
    },
    create: ({ password }) => {
      created.push(password);
      return Promise.resolve(ok(signIn));
    },
    authenticate: () => Promise.resolve(fail(authError('unexpected'))),
    resetByEmailStart: ({ email }) => {
      mails.push(`reset to ${email}`);
      return Promise.resolve(ok(undefined));
    },
    resetByEmail: () => Promise.resolve(fail(authError('unexpected'))),
  };
  const magicLinks: MagicLinksPort = {
    send: ({ email }) => {
      mails.push(`link to ${email}`);
      return Promise.resolve(ok(undefined));
    },
    authenticate: () => Promise.resolve(fail(authError('unexpected'))),
  };
  const storage = memoryStorage();
  const { host, navigations, advance, scheduler } = virtualTimeHost({ passwords, magicLinks, storage });
  const flow = openLoginWidget({ host }, 'login', {
    config: { products: ['emailMagicLinks', 'passwords'] },
    returnContext: { redirect: '/orders' as SafePath, source: 'web' }, products: ALL_PRODUCTS,
  });
  flow.subscribe(() => undefined);
  const view = () => widgetView(flow.getSnapshot());
  const password = (event: object) => flow.send({ type: 'productEvent', product: 'passwords', event });
  const magicLink = (event: object) => flow.send({ type: 'productEvent', product: 'magicLink', event });
  return {
    flow,
    view,
    password,
    magicLink,
    checks,
    created,
    mails,
    /** The session this tab's widget handed to /login/callback/web, taken as that page takes it. */
    handedOver: () => takeSessionHandoff(storage, scheduler.now()),
    get navigations() {
      return navigations.map((navigation) => navigation.path);
    },
    advance,
  };
}

describe('creating an account with a password on the login widget (virtual time)', () => {
  it('debounces the strength check, creates the account, shows success for 2 s and hands the session to /login/callback/web', async () => {
    const page = widget();
    await page.advance(0);
    page.flow.send({ type: 'emailChanged', value: 'ada@example.com' });
    page.flow.send({ type: 'emailSubmitted' });
    // The product's module is a dynamic import: real module loading, not a timer.
    await vi.waitFor(() => expect(page.view().screen).toBe('product'));
    expect(page.view()).toMatchObject({ screen: 'product', product: 'passwords', view: { screen: 'create', email: 'ada@example.com', passwordless: 'link' } });

    for (const value of ['c', 'co', 'correct horse battery']) {
      page.password({ type: 'passwordChanged', value });
      await page.advance(300);
    }
    expect(page.checks).toEqual([]);
    await page.advance(200);
    expect(page.checks).toEqual([{ password: 'correct horse battery', email: 'ada@example.com' }]);
    expect(page.view()).toMatchObject({ view: { canSubmit: true } });

    page.password({ type: 'submitClicked' });
    await page.advance(0);
    expect(page.created).toEqual(['correct horse battery']);
    expect(page.view()).toEqual({ screen: 'success', title: 'success.title', text: 'success.loggedIn' });
    await page.advance(1999);
    expect(page.navigations).toEqual([]);
    await page.advance(1);
    // The session goes through this tab's storage, never the address or the widget's state.
    expect(page.navigations).toEqual(['/login/callback/web?redirect=%2Forders&source=web']);
    expect(JSON.stringify(page.flow.getSnapshot())).not.toContain('session-token-7');
    expect(page.handedOver()).toBe('session-token-7');
  });
});

describe('a passwordless user on the login widget (virtual time)', () => {
  it("is sent a login link by the magic-link product, whose confirmation offers 'Create a password instead', back to passwords and its set-new e-mail", async () => {
    const page = widget('passwordless');
    await page.advance(0);
    page.flow.send({ type: 'emailChanged', value: 'ada@example.com' });
    page.flow.send({ type: 'emailSubmitted' });
    await vi.waitFor(() => expect(page.view().screen).toBe('product'));
    expect(page.mails).toEqual(['link to ada@example.com']);
    expect(page.view()).toMatchObject({ screen: 'product', product: 'magicLink', view: { screen: 'confirmation', email: 'ada@example.com', returnLabel: 'password.createInstead' } });

    page.magicLink({ type: 'returnClicked' });
    await vi.waitFor(() => expect(page.view()).toMatchObject({ screen: 'product', product: 'passwords' }));
    expect(page.mails).toEqual(['link to ada@example.com', 'reset to ada@example.com']);
    expect(page.view()).toMatchObject({ view: { screen: 'resetSent', reason: 'setNew', email: 'ada@example.com' } });
  });
});
