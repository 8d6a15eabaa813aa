import type { AuthCore } from '../../create-auth-core';
import type { WidgetConfig } from '../../domain/config/widget-config';
import type { ReturnContext } from '../../domain/redirects/safe-redirect';
import { sendMagicLink } from '../../use-cases/send-magic-link.use-case';
import { runFlow, type Flow } from '../flow-runner';
import { loginEffects } from './login.effects';
import { initialLoginState, loginTransition } from './login.machine';
import type { LoginEvent, LoginState } from './login.types';

/**
 * The login widget flow for `key`: created and started on first use, shared afterwards (so a
 * remount reuses it). `prefilledEmail` seeds the e-mail field, e.g. with what the visitor typed
 * before the page hydrated.
 */
export function openLoginFlow(
  core: Pick<AuthCore, 'host'>,
  key: string,
  config: WidgetConfig,
  returnContext: ReturnContext,
  prefilledEmail?: string,
): Flow<LoginState, LoginEvent> {
  const { host } = core;
  return host.flows.get(key, () => {
    const flow = runFlow(
      loginTransition,
      initialLoginState({ config, returnContext, origin: host.origin, ...(prefilledEmail ? { prefilledEmail } : {}) }),
      loginEffects({ auth: host.auth, sendMagicLink: sendMagicLink(host), toasts: host.toasts, reportError: host.reportError }),
    );
    flow.send({ type: 'started' });
    return flow;
  });
}
