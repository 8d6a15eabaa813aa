import {
  identityProviderView,
  openIdentityProviderFlow,
  parseIdpRequest,
  type IdentityProviderEvent,
  type IdentityProviderInput,
  type IdentityProviderView as IdentityProviderViewModel,
  type ConsentScope,
  type MessageRef,
  type RbacPolicy,
  type SafePath,
} from '@vestibule/core';
import { useEffect, useMemo, useState } from 'react';
import { BusyStatus } from '../components/busy-status';
import { Message } from '../components/message';
import { RichMessage } from '../components/rich-message';
import { ScreenHeading } from '../components/screen-heading';
import { UserText } from '../components/user-text';
import { useFlow } from '../hooks/use-flow';
import { useI18n } from '../hooks/use-i18n';
import { useAuthCore } from '../provider';

const NAMESPACES = ['main', 'identity-provider'] as const;

export interface IdentityProviderScreenProps {
  /** The page's query string, as it arrived (`?client_id=…`). */
  readonly search: string;
  /** The page is `/oauth/logout` (otherwise `/oauth/authorize`, which logs out when `post_logout_redirect_uri` is present). */
  readonly logoutPath: boolean;
  /** Where 'Log in' leads: the sign-in, returning to this request. */
  readonly loginPath: SafePath;
  readonly projectName: string;
  /** The page settings' trusted auth token and token profile id, when it has them (SPEC §4). */
  readonly attestation?: IdentityProviderInput['attestation'];
}

/**
 * SPEC §2's identity-provider consent and logout screens (container): reads the request from the
 * query, runs the flow, and reads the project's scope descriptions.
 */
export function IdentityProviderScreen({ search, logoutPath, loginPath, projectName, attestation = null }: IdentityProviderScreenProps) {
  const core = useAuthCore();
  const { state, send } = useFlow(() => openIdentityProviderFlow(core, `idp:${search}`, { request: parseIdpRequest(search, logoutPath), attestation, loginPath, projectName }));
  const [scopes, setScopes] = useState<RbacPolicy['scopes']>([]);
  useEffect(() => {
    let live = true;
    // The project's scope list describes the scopes; without it the provider's words are shown.
    core.host.ports.projectSettings.rbacPolicy?.().then(
      (result) => {
        if (live && result.ok && result.value !== null) setScopes(result.value.scopes);
      },
      (cause: unknown) => core.host.logger.error('Reading the project scope list failed; the provider\'s words are shown', cause),
    );
    return () => {
      live = false;
    };
  }, [core]);
  const view = useMemo(() => identityProviderView(state, scopes), [state, scopes]);
  return <IdentityProviderView view={view} send={send} onSignIn={(path) => core.host.ports.navigation.navigate(path)} />;
}

interface IdentityProviderViewProps {
  readonly view: IdentityProviderViewModel;
  readonly send: (event: IdentityProviderEvent) => void;
  readonly onSignIn: (path: SafePath) => void;
}

/** A client-supplied name as text: isolated, its bidi controls shown as marks. */
function useText(message: MessageRef | null): string {
  const i18n = useI18n(NAMESPACES);
  return message === null ? '' : i18n.text(message);
}

function ScopeList({ scopes }: { readonly scopes: readonly ConsentScope[] }) {
  return (
    <ul className="vb-scope-list">
      {scopes.map((scope) => (
        <li key={scope.scope}>
          {'text' in scope.description ? <UserText value={scope.description.text} /> : <Message message={scope.description} />}
        </li>
      ))}
    </ul>
  );
}

/** Presentational: every screen of the consent and logout flows. */
export function IdentityProviderView({ view, send, onSignIn }: IdentityProviderViewProps) {
  const i18n = useI18n(NAMESPACES);
  const clientName = useText(view.screen === 'consent' || view.screen === 'granted' || view.screen === 'busy' ? view.clientName : null);
  const client = <UserText value={clientName} />;
  switch (view.screen) {
    case 'busy':
      if (view.clientName === null) return <BusyStatus message={view.message} />;
      // 'Taking you back to {clientName}…': the client's name as text, isolated.
      return (
        <section className="vb-widget vb-screen vb-screen--centered">
          <span className="vb-spinner" aria-hidden="true" />
          <p className="vb-text" role="status">
            <RichMessage id={view.message} values={{ clientName: client }} />
          </p>
        </section>
      );
    case 'invalid':
    case 'error':
      return (
        <section className="vb-widget vb-screen">
          <ScreenHeading focusOnMount>{i18n.t('idp.errorTitle')}</ScreenHeading>
          <p className="vb-banner vb-banner--error" role="alert">
            <Message message={view.screen === 'invalid' ? view.problem : view.message} />
          </p>
          {view.screen === 'error' && (
            <button type="button" className="vb-button vb-button--primary" onClick={() => send({ type: 'retryClicked' })}>
              {i18n.t('idp.retry')}
            </button>
          )}
        </section>
      );
    case 'noSession':
      return (
        <section className="vb-widget vb-screen">
          <ScreenHeading focusOnMount>{i18n.t('idp.noSession')}</ScreenHeading>
          <a
            className="vb-button vb-button--primary"
            href={view.loginPath}
            onClick={(event) => {
              event.preventDefault();
              onSignIn(view.loginPath);
            }}
          >
            {i18n.t('idp.logIn')}
          </a>
        </section>
      );
    case 'consent': {
      const busy = view.submitting !== null;
      return (
        <section className="vb-widget vb-screen">
          <ScreenHeading focusOnMount>
            <RichMessage id={view.title} values={{ clientName: client, projectName: <UserText value={view.projectName} /> }} />
          </ScreenHeading>
          {view.clientDescription !== null && view.clientDescription.trim() !== '' && (
            <p className="vb-text vb-text--muted">
              <UserText value={view.clientDescription.slice(0, 300)} />
            </p>
          )}
          {view.scopes.grantable.length > 0 && (
            <>
              <p className="vb-text">
                <RichMessage id="idp.allowTo" values={{ clientName: client }} />
              </p>
              <ScopeList scopes={view.scopes.grantable} />
            </>
          )}
          {view.scopes.ungrantable.length > 0 && (
            <div className="vb-banner" role="note">
              <p className="vb-text">
                <RichMessage id="idp.ungrantableIntro" values={{ clientName: client }} />
              </p>
              <p className="vb-text">
                <RichMessage id="idp.ungrantableList" values={{ clientName: client }} />
              </p>
              <ScopeList scopes={view.scopes.ungrantable} />
            </div>
          )}
          <div className="vb-actions">
            <button type="button" className="vb-button vb-button--secondary" disabled={busy} aria-busy={view.submitting === 'deny' || undefined} onClick={() => send({ type: 'denyClicked' })}>
              {i18n.t('idp.deny')}
            </button>
            {/* SPEC §6: only grantable scopes can be granted; with none, Deny is the one answer. */}
            {view.scopes.grantable.length > 0 && (
              <button type="button" className="vb-button vb-button--primary" disabled={busy} aria-busy={view.submitting === 'allow' || undefined} onClick={() => send({ type: 'allowClicked' })}>
                {i18n.t('idp.allow')}
              </button>
            )}
          </div>
        </section>
      );
    }
    case 'denied':
      return (
        <section className="vb-widget vb-screen">
          <ScreenHeading focusOnMount>{i18n.t('idp.denied')}</ScreenHeading>
        </section>
      );
    case 'granted':
      return (
        <section className="vb-widget vb-screen">
          <ScreenHeading focusOnMount>{i18n.t('success.title')}</ScreenHeading>
          <p className="vb-text" role="status">
            <RichMessage id="idp.granted" values={{ clientName: client }} />
          </p>
        </section>
      );
    case 'logoutConsent':
      return (
        <section className="vb-widget vb-screen">
          <ScreenHeading focusOnMount>{i18n.t('idp.logoutTitle')}</ScreenHeading>
          <p className="vb-text">
            <RichMessage id="idp.logoutText" values={{ projectName: <UserText value={view.projectName} /> }} />
          </p>
          <div className="vb-actions">
            <button type="button" className="vb-button vb-button--secondary" disabled={view.busy} onClick={() => send({ type: 'noClicked' })}>
              {i18n.t('idp.no')}
            </button>
            <button type="button" className="vb-button vb-button--primary" disabled={view.busy} aria-busy={view.busy || undefined} onClick={() => send({ type: 'yesClicked' })}>
              {i18n.t('idp.yes')}
            </button>
          </div>
        </section>
      );
    case 'notLoggedOut':
      return (
        <section className="vb-widget vb-screen">
          <ScreenHeading focusOnMount>{i18n.t('idp.notLoggedOut')}</ScreenHeading>
        </section>
      );
  }
}
