import { authError, fail, ok, type Result } from '../../../domain/errors/auth-error';
import type { PasskeySupportPort, PasskeysPort } from '../../../ports/passkeys.port';
import type { ProviderSession } from '../../../ports/session.port';
import { scriptedCall } from '../../../testing/provider-faults';

// For the passkeys product's own tests: a passkeys port whose button sign-ins are scripted like
// any provider call, and whose conditional (autofill) requests wait until the test answers them,
// each remembering whether its signal was aborted. Everything it sees goes into one `log`, so a
// test can tell what happened first.

/** A signed-in visitor as the port reports one. */
export const PASSKEY_SESSION: NonNullable<ProviderSession> = {
  user: { userId: 'user-test-1', email: 'ada@example.com', roles: [], untrustedMetadata: {} },
  session: { sessionId: 'session-test-1', expiresAt: '2030-01-01T00:00:00.000Z' },
};

/** One conditional request waiting in the e-mail field's autofill. */
export interface ConditionalRequest {
  readonly sessionDurationMinutes: number;
  /** Its signal was aborted (the request stopped). */
  aborted(): boolean;
  /** The browser and provider answer it (a passkey picked and verified, or a failure). */
  answer(result: Result<ProviderSession>): void;
}

export function scriptedPasskeys(options: { readonly autofill?: boolean } = {}) {
  const log: string[] = [];
  const conditional: ConditionalRequest[] = [];
  const button = scriptedCall((_request: { readonly sessionDurationMinutes: number }): ProviderSession => PASSKEY_SESSION);
  let autofill = options.autofill ?? true;
  const port: PasskeysPort = {
    authenticate: (request, callOptions) => {
      if (!request.conditionalMediation) {
        log.push('button request');
        return button({ sessionDurationMinutes: request.sessionDurationMinutes });
      }
      const number = conditional.length + 1;
      log.push(`autofill request ${number}`);
      let aborted = false;
      let resolve: (result: Result<ProviderSession>) => void = () => undefined;
      const answered = new Promise<Result<ProviderSession>>((settle) => (resolve = settle));
      callOptions?.signal?.addEventListener(
        'abort',
        () => {
          aborted = true;
          log.push(`autofill request ${number} aborted`);
          // As the adapter answers a call its caller gave up on.
          resolve(fail(authError('timeout', { cause: 'aborted' })));
        },
        { once: true },
      );
      conditional.push({ sessionDurationMinutes: request.sessionDurationMinutes, aborted: () => aborted, answer: (result) => resolve(result) });
      return answered;
    },
    register: () => Promise.resolve(fail(authError('unexpected'))),
    list: () => Promise.resolve(ok([])),
    rename: () => Promise.resolve(fail(authError('unexpected'))),
    remove: () => Promise.resolve(fail(authError('unexpected'))),
  };
  const support: PasskeySupportPort = {
    browserSupportsAutofill: () => Promise.resolve(autofill),
    platformAuthenticatorAvailable: () => Promise.resolve(true),
  };
  return {
    ports: { passkeys: port, passkeySupport: support },
    log,
    /** The button's sign-ins: scripted like any provider call (`failNext`), answering the session. */
    button,
    /** Every conditional request so far, oldest first. */
    conditional,
    /** The latest conditional request; fails the test when there is none. */
    lastConditional(): ConditionalRequest {
      const last = conditional.at(-1);
      if (last === undefined) throw new Error('no conditional request was made');
      return last;
    },
    setAutofill: (supported: boolean) => void (autofill = supported),
  };
}
