import { openSignInCallbackFlow, openWebCallbackFlow, SIGNED_OUT_PATH, signInCallbackView, withReturnContext, type AuthCore } from '@vestibule/core';
import { h } from './dom';

/** What the address held: credentials are taken out of it before anything else runs (main.ts). */
export interface CallbackCredentials {
  readonly token: string | null;
  readonly tokenType: string | null;
  readonly sessionToken: string | null;
  readonly search: string;
}

/**
 * `/login/callback` (the magic link's return page: spends its token) and `/login/callback/web`
 * (a password sign-in hands its session over through this tab's storage). Both show 'Logging
 * in...' and then leave for the validated destination (`/` by default), or say what went wrong.
 */
export async function showCallbackPage(root: HTMLElement, core: AuthCore, web: boolean, credentials: CallbackCredentials): Promise<void> {
  const t = core.i18n;
  await t.load(['main', 'magic-link']);
  const returnContext = core.readReturnContext(credentials.search);
  const flow = web
    ? openWebCallbackFlow(core, 'web-callback', { sessionToken: credentials.sessionToken, returnContext })
    : openSignInCallbackFlow(core, 'sign-in-callback', { token: credentials.token, tokenType: credentials.tokenType, returnContext });
  const loginPath = withReturnContext(SIGNED_OUT_PATH, returnContext);

  const render = () => {
    const view = signInCallbackView(flow.getSnapshot());
    if (view.screen === 'busy') {
      root.replaceChildren(h('section', { attrs: { 'aria-busy': 'true' } }, h('p', { attrs: { role: 'status' } }, t.t('callback.loggingIn'))));
      return;
    }
    const { retry } = view;
    root.replaceChildren(
      h(
        'section',
        {},
        h('h1', {}, t.t('callback.failedTitle')),
        h('p', { className: 'form-error', attrs: { role: 'alert' } }, t.text(view.message)),
        retry &&
          h(
            'button',
            { type: 'button', className: 'primary', disabled: retry.inSeconds !== null, onclick: () => flow.send({ type: 'retryClicked' }) },
            retry.inSeconds === null ? t.t('common.tryAgain') : t.t('common.retryIn', { seconds: retry.inSeconds }),
          ),
        h('a', { href: loginPath }, t.t('callback.backToLogin')),
      ),
    );
  };
  flow.subscribe(render);
  render();
}
