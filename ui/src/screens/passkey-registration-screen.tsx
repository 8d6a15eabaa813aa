import {
  openPasskeyRegistrationFlow,
  passkeyRegistrationView,
  type PasskeyRegistrationEvent,
  type PasskeyRegistrationView as PasskeyRegistrationViewModel,
  type SafePath,
  type SessionState,
} from '@vestibule/core';
import { useEffect, useId, useMemo, useRef } from 'react';
import { BusyStatus } from '../components/busy-status';
import { Message } from '../components/message';
import { ScreenHeading } from '../components/screen-heading';
import { SessionUnavailable } from '../components/session-unavailable';
import { ToastRegion } from '../components/toast-region';
import { useFlow } from '../hooks/use-flow';
import { useI18n } from '../hooks/use-i18n';
import { useStore } from '../hooks/use-store';
import { useAuthCore } from '../provider';
import { PasskeyList } from './passkey-list';

const NAMESPACES = ['main', 'passkey-registration'] as const;

export interface PasskeyRegistrationScreenProps {
  /** Where 'Done' leads. */
  readonly donePath: SafePath;
  /** Where the signed-out error's link leads: the sign-in, bringing the user back here. */
  readonly loginPath: SafePath;
  readonly sessionDurationMinutes?: number;
}

/**
 * SPEC §2 passkey registration and the passkey list (container). SPEC §6: only for a signed-in
 * user, as the session store says; otherwise its error, with a way to sign in.
 */
export function PasskeyRegistrationScreen({ donePath, loginPath, sessionDurationMinutes }: PasskeyRegistrationScreenProps) {
  const core = useAuthCore();
  const session = useStore(core.session);
  return (
    <div className="vb-widget">
      {session.status === 'authenticated' ? (
        // One flow per user: another account signed in (another tab) starts afresh.
        <SignedInPasskeys key={session.user.userId} flowKey={`account-passkeys:${session.user.userId}`} donePath={donePath} sessionDurationMinutes={sessionDurationMinutes} />
      ) : (
        <PasskeySessionView
          session={session}
          loginPath={loginPath}
          onSignIn={() => core.host.ports.navigation.navigate(loginPath)}
          onRetry={() => core.session.retry()}
        />
      )}
      <ToastRegion />
    </div>
  );
}

function SignedInPasskeys({ flowKey, donePath, sessionDurationMinutes }: { readonly flowKey: string; readonly donePath: SafePath; readonly sessionDurationMinutes: number | undefined }) {
  const core = useAuthCore();
  const { state, send } = useFlow(() => openPasskeyRegistrationFlow(core, flowKey, { donePath, ...(sessionDurationMinutes === undefined ? {} : { sessionDurationMinutes }) }));
  const view = useMemo(() => passkeyRegistrationView(state), [state]);
  return <PasskeyRegistrationView view={view} send={send} />;
}

export interface PasskeySessionViewProps {
  /** Any session but a signed-in one. */
  readonly session: Exclude<SessionState, { readonly status: 'authenticated' }>;
  readonly loginPath: SafePath;
  readonly onSignIn: () => void;
  readonly onRetry: () => void;
}

/** Before the list: the session being checked, the check failing (with a retry), or SPEC §6's signed-out error. */
export function PasskeySessionView({ session, loginPath, onSignIn, onRetry }: PasskeySessionViewProps) {
  const i18n = useI18n(NAMESPACES);
  if (session.status === 'unknown') return <BusyStatus message="common.loading" embedded />;
  if (session.status === 'unavailable') return <SessionUnavailable title={i18n.t('passkeyRegistration.unavailableTitle')} session={session} onRetry={onRetry} />;
  return (
    <section className="vb-screen">
      <ScreenHeading focusOnMount>{i18n.t('passkeyRegistration.pageTitle')}</ScreenHeading>
      <p className="vb-banner vb-banner--error" role="alert">
        {i18n.t('passkeyRegistration.signedOut')}
      </p>
      <a
        className="vb-button vb-button--primary"
        href={loginPath}
        onClick={(event) => {
          event.preventDefault();
          onSignIn();
        }}
      >
        {i18n.t('passkeyRegistration.signIn')}
      </a>
    </section>
  );
}

/** Start: 'Set up a new Passkey' with 'Create a Passkey' and 'Skip'. */
function StartScreen({ view, send }: { readonly view: Extract<PasskeyRegistrationViewModel, { screen: 'start' }>; readonly send: (event: PasskeyRegistrationEvent) => void }) {
  const i18n = useI18n(NAMESPACES);
  const createRef = useRef<HTMLButtonElement>(null);
  const skipRef = useRef<HTMLButtonElement>(null);
  const wasCreating = useRef(view.creating);
  // Create is disabled while the browser's sheet is open, which drops focus: once the create is
  // over, focus is back on Create (or on Skip while a Retry-After holds Create).
  useEffect(() => {
    if (!wasCreating.current || view.creating) {
      wasCreating.current = view.creating;
      return;
    }
    wasCreating.current = false;
    (view.canCreate ? createRef : skipRef).current?.focus();
  }, [view.creating, view.canCreate]);
  return (
    <section className="vb-screen">
      <ScreenHeading focusOnMount>{i18n.t('passkeyRegistration.startTitle')}</ScreenHeading>
      <p className="vb-text">{i18n.t('passkeyRegistration.startText')}</p>
      {view.error !== null && (
        <p className="vb-banner vb-banner--error" role="alert">
          <Message message={view.error} />
        </p>
      )}
      <button ref={createRef} type="button" className="vb-button vb-button--primary" disabled={!view.canCreate} aria-busy={view.creating || undefined} onClick={() => send({ type: 'createClicked' })}>
        {view.creating
          ? i18n.t('passkeyRegistration.creating')
          : view.retryInSeconds !== null
            ? i18n.t('common.retryIn', { seconds: view.retryInSeconds })
            : i18n.t('passkeyRegistration.create')}
      </button>
      {/* Usable while a create is on its way: it abandons that create (never a spinner to wait out). */}
      <button ref={skipRef} type="button" className="vb-button vb-button--secondary" onClick={() => send({ type: 'skipClicked' })}>
        {i18n.t('passkeyRegistration.skip')}
      </button>
    </section>
  );
}

/** Success: the user's passkeys with rename and delete, 'Set up another Passkey' and 'Done'. */
function SuccessScreen({ view, send }: { readonly view: Extract<PasskeyRegistrationViewModel, { screen: 'success' }>; readonly send: (event: PasskeyRegistrationEvent) => void }) {
  const i18n = useI18n(NAMESPACES);
  const headingId = useId();
  return (
    <section className="vb-screen">
      {/* Names the list (ScreenHeading takes no id). */}
      <div id={headingId}>
        <ScreenHeading focusOnMount>{i18n.t('passkeyRegistration.listTitle')}</ScreenHeading>
      </div>
      {view.created && (
        <p className="vb-text" role="status">
          {i18n.t('passkeyRegistration.created')}
        </p>
      )}
      <PasskeyList list={view.list} labelledBy={headingId} send={send} />
      <button type="button" className="vb-button vb-button--secondary" onClick={() => send({ type: 'setUpAnotherClicked' })}>
        {i18n.t('passkeyRegistration.setUpAnother')}
      </button>
      <button type="button" className="vb-button vb-button--primary" onClick={() => send({ type: 'doneClicked' })}>
        {i18n.t('passkeyRegistration.done')}
      </button>
    </section>
  );
}

/** Presentational: the start screen or the success screen with the list, from a view model. */
export function PasskeyRegistrationView({ view, send }: { readonly view: PasskeyRegistrationViewModel; readonly send: (event: PasskeyRegistrationEvent) => void }) {
  return view.screen === 'start' ? <StartScreen view={view} send={send} /> : <SuccessScreen view={view} send={send} />;
}
