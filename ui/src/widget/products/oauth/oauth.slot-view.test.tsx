import { ALL_PRODUCTS, authError, LAST_USED_OAUTH_STORAGE_KEY, type SafePath, type WidgetConfig } from '@vestibule/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { reactModes, setup, type Harness } from '../../../test-utils';
import { LoginWidget } from '../../login-widget';
import { preloadLoginWidget } from '../../slot-views';
import { OAUTH_ICON_PATH } from './oauth.slot-view';

const PRODUCT: WidgetConfig = { products: ['oauth', 'emailMagicLinks', 'passwords'], oauthOptions: { providers: [{ type: 'google', one_tap: true, position: 'embedded' }] } };
const returnContext = { redirect: '/orders' as SafePath, source: 'web' } as const;

// As /login does before it hydrates: Main's slots are fetched once, up front (a module's first
// import under a loaded test machine can take over a second).
beforeAll(() => preloadLoginWidget({ products: ALL_PRODUCTS, config: PRODUCT, productionHost: true }));

describe.each(reactModes)('OAuth on Main (%s)', (_mode, strict) => {
  const start = (config: WidgetConfig = PRODUCT, options: { oneTap?: boolean; before?: (harness: Harness) => void } = {}) => {
    const harness = setup(strict, options.before ? { beforeStart: (ports) => options.before?.({ ports } as Harness) } : {});
    harness.renderUi(<LoginWidget products={ALL_PRODUCTS} flowKey="login" config={config} returnContext={returnContext} productionHost={options.oneTap ?? false} />);
    return harness;
  };

  it("shows the Google button, the 'or' divider and the e-mail form, in that order", async () => {
    start();
    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    const divider = screen.getByText('or');
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(google.compareDocumentPosition(divider) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(divider.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The icon is a file, decorative (the button's text names it).
    const icon = google.querySelector('img');
    expect(icon).toHaveAttribute('src', `${OAUTH_ICON_PATH}google.svg`);
    expect(icon).toHaveAttribute('alt', '');
  });

  it('starts the round trip with return URLs carrying redirect and source, the button busy meanwhile', async () => {
    const { ports } = start();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Google' }));
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    await waitFor(() => expect(google).toHaveAttribute('aria-busy', 'true'));
    expect(google).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await waitFor(() => expect(ports.oauth.startRequests).toHaveLength(1));
    expect(ports.oauth.lastStart).toMatchObject({
      provider: 'google',
      loginRedirectUrl: 'http://localhost:5173/login/callback?redirect=%2Forders&source=web',
      signupRedirectUrl: 'http://localhost:5173/login/callback?redirect=%2Forders&source=web',
    });
    // The page is leaving: the button stays busy.
    expect(google).toHaveAttribute('aria-busy', 'true');
  });

  it('shows a failed start under the button, keeps what was typed, and works again', async () => {
    const { ports } = start();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@exa');
    ports.oauth.starts.failNext(authError('network_unreachable'));
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the server. Check your connection and try again.');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@exa');
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    expect(google).toBeEnabled();
    await user.click(google);
    await waitFor(() => expect(ports.oauth.startRequests).toHaveLength(1));
  });

  it("shows every configured provider in order, the one last used on this device first with 'Last used'", async () => {
    const config: WidgetConfig = { products: ['oauth'], oauthOptions: { providers: [{ type: 'github' }, { type: 'google' }, { type: 'microsoft' }] } };
    start(config, { before: ({ ports }) => ports.durableStorage.set(LAST_USED_OAUTH_STORAGE_KEY, 'microsoft') });
    await screen.findByText('Last used');
    const names = screen.getAllByRole('button').map((button) => button.textContent);
    expect(names).toEqual(['Continue with Microsoft', 'Continue with GitHub', 'Continue with Google']);
    // The badge describes the button; its name stays 'Continue with Microsoft'.
    expect(screen.getByRole('button', { name: 'Continue with Microsoft' })).toHaveAccessibleDescription('Last used');
    expect(screen.queryByText('or')).toBeNull();
  });

  it("offers no One Tap when the configuration's Google entry does not ask for it, even where it could apply", async () => {
    const { ports } = start({ products: ['oauth', 'emailMagicLinks'], oauthOptions: { providers: [{ type: 'google' }] } }, { oneTap: true });
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(ports.googleIdentity.prompts).toEqual([]);
    expect(document.querySelector('.vb-one-tap')).toBeNull();
  });

  it('leaves the Google button alone when One Tap does not apply (not the production host)', async () => {
    const { ports } = start(PRODUCT, { oneTap: false });
    await screen.findByRole('button', { name: 'Continue with Google' });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(ports.googleIdentity.prompts).toEqual([]);
  });

  it('puts One Tap in the Google button’s place where it applies, and gives the place back when the visitor closes it', async () => {
    const { ports } = start(PRODUCT, { oneTap: true });
    await waitFor(() => expect(ports.googleIdentity.prompting).toBe(true));
    expect(ports.googleIdentity.lastRequest).toMatchObject({ parentId: 'vb-one-tap-prompt', cancelOnTapOutside: true });
    // The box sits before the Google button's item, which the stylesheet then hides (checked in the browser tests).
    const box = document.querySelector('.vb-one-tap');
    const googleItem = screen.getByRole('button', { name: 'Continue with Google', hidden: true }).closest('.vb-social__item--google');
    expect(box?.compareDocumentPosition(googleItem as Node)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    act(() => void ports.googleIdentity.emit({ type: 'displayed' }));
    act(() => void ports.googleIdentity.emit({ type: 'skipped', reason: 'user_cancel' }));
    await waitFor(() => expect(document.querySelector('.vb-one-tap')).toBeNull());
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });

  it('falls back to the Google button and tells the developer when One Tap is misconfigured', async () => {
    const { ports } = start(PRODUCT, {
      oneTap: true,
      before: ({ ports: fakes }) => fakes.oauth.oneTapSettingsCalls.failNext(authError('provider_error', { providerType: 'no_login_redirect_urls_set', status: 400 })),
    });
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    await waitFor(() => expect(ports.logger.errors.some((entry) => entry.message.includes('no login redirect URLs'))).toBe(true));
  });
});
