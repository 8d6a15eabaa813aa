import { errorMessage, revealBidiControls, SIGNED_OUT_PATH, signOut, type AuthCore } from '@vestibule/core';
import { h, withValues } from './dom';

/** `/`: who is signed in and 'Log out'; a visitor without a session goes to `/login`. */
export async function showHomePage(root: HTMLElement, core: AuthCore): Promise<void> {
  const t = core.i18n;
  await t.load(['main', 'pages', 'errors']);
  let leaving = false;

  const render = () => {
    const session = core.session.getSnapshot();
    switch (session.status) {
      case 'destroyed':
        core.host.ports.navigation.replace(SIGNED_OUT_PATH);
        return;
      case 'unavailable':
        root.replaceChildren(
          h(
            'section',
            {},
            h('h1', {}, t.t('home.unavailableTitle')),
            h('p', { className: 'form-error', attrs: { role: 'alert' } }, t.text(errorMessage(session.error))),
            h('button', { type: 'button', className: 'primary', disabled: session.retryInSeconds !== null, onclick: () => core.session.retry() },
              session.retryInSeconds === null ? t.t('common.tryAgain') : t.t('common.retryIn', { seconds: session.retryInSeconds }),
            ),
          ),
        );
        return;
      case 'authenticated': {
        const { user } = session;
        // The address is the visitor's own text: rendered as text, its bidi controls made visible.
        const who = h('strong', {}, revealBidiControls(user.email ?? user.phoneNumber ?? user.userId));
        const logOut = h('button', { type: 'button', className: 'primary', disabled: leaving }, t.t(leaving ? 'home.loggingOut' : 'home.logOut'));
        logOut.addEventListener('click', () => {
          leaving = true;
          render();
          // Revokes the session, then leaves for /login.
          void signOut(core.host)();
        });
        root.replaceChildren(h('section', {}, h('h1', {}, t.t('home.title')), h('p', {}, ...withValues(t.t('home.signedInAs'), { email: who })), logOut));
        return;
      }
      default:
        root.replaceChildren(h('p', { attrs: { role: 'status' } }, t.t('common.loading')));
    }
  };
  core.session.subscribe(render);
  render();
}
