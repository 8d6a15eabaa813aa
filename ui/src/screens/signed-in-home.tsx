import { signOut, type SafePath, type SessionState } from '@vestibule/core';
import { useState } from 'react';
import { BusyStatus } from '../components/busy-status';
import { RichMessage } from '../components/rich-message';
import { ScreenHeading } from '../components/screen-heading';
import { SessionUnavailable } from '../components/session-unavailable';
import { UserText } from '../components/user-text';
import { useI18n } from '../hooks/use-i18n';
import { useStore } from '../hooks/use-store';
import { useAuthCore } from '../provider';

const PAGE_NAMESPACES = ['main', 'pages'] as const;
const WITH_PASSKEYS_NAMESPACES = ['main', 'pages', 'passkey-registration'] as const;

/** The signed-in home (container): who is signed in, a way to their passkeys, and a way out. */
export function SignedInHome({ passkeysPath }: { readonly passkeysPath?: SafePath }) {
  const core = useAuthCore();
  const session = useStore(core.session);
  const [leaving, setLeaving] = useState(false);
  return (
    <SignedInHomeView
      session={session}
      leaving={leaving}
      {...(passkeysPath === undefined ? {} : { passkeysPath, onOpenPasskeys: () => core.host.ports.navigation.navigate(passkeysPath) })}
      onLogOut={() => {
        setLeaving(true);
        void signOut(core.host)();
      }}
      onRetry={() => core.session.retry()}
    />
  );
}

export interface SignedInHomeViewProps {
  readonly session: SessionState;
  readonly leaving: boolean;
  readonly onLogOut: () => void;
  readonly onRetry: () => void;
  /** The passkey list (`/account/passkeys`), linked when given. */
  readonly passkeysPath?: SafePath;
  readonly onOpenPasskeys?: () => void;
}

/** Presentational: loading, the session check failing (with a retry), or the signed-in user. */
export function SignedInHomeView({ session, leaving, onLogOut, onRetry, passkeysPath, onOpenPasskeys }: SignedInHomeViewProps) {
  const i18n = useI18n(passkeysPath === undefined ? PAGE_NAMESPACES : WITH_PASSKEYS_NAMESPACES);
  if (session.status === 'unavailable') return <SessionUnavailable title={i18n.t('home.unavailableTitle')} session={session} onRetry={onRetry} className="vb-widget vb-screen" />;
  if (session.status !== 'authenticated') return <BusyStatus message="common.loading" />;
  return (
    <section className="vb-widget vb-screen">
      <ScreenHeading>{i18n.t('home.title')}</ScreenHeading>
      <p className="vb-text">
        <RichMessage id="home.signedInAs" values={{ email: <strong><UserText value={session.user.email ?? session.user.phoneNumber ?? session.user.userId} /></strong> }} />
      </p>
      {passkeysPath !== undefined && (
        <a
          className="vb-button vb-button--secondary"
          href={passkeysPath}
          onClick={(event) => {
            event.preventDefault();
            onOpenPasskeys?.();
          }}
        >
          {i18n.t('passkeyRegistration.homeLink')}
        </a>
      )}
      <button type="button" className="vb-button vb-button--secondary" disabled={leaving} aria-busy={leaving || undefined} onClick={onLogOut}>
        {i18n.t(leaving ? 'home.loggingOut' : 'home.logOut')}
      </button>
    </section>
  );
}
