import { shortWalletAddress, signOut, type SafePath, type SessionState } from '@vestibule/core';
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
      onCopyAddress={(address) => {
        // The clipboard may be missing or refused (no permission, no secure context): then the
        // visitor is told, and the address stays shown in full on hover.
        const copied = navigator.clipboard?.writeText(address) ?? Promise.reject(new Error('No clipboard'));
        copied.then(
          () => void core.host.toasts.show('success', { key: 'home.addressCopied' }),
          () => void core.host.toasts.show('error', { key: 'home.copyFailed' }),
        );
      }}
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
  /** Copies a wallet address (the full one) for a user signed in with a wallet. */
  readonly onCopyAddress?: (address: string) => void;
}

/** Presentational: loading, the session check failing (with a retry), or the signed-in user. */
export function SignedInHomeView({ session, leaving, onLogOut, onRetry, passkeysPath, onOpenPasskeys, onCopyAddress }: SignedInHomeViewProps) {
  const i18n = useI18n(passkeysPath === undefined ? PAGE_NAMESPACES : WITH_PASSKEYS_NAMESPACES);
  if (session.status === 'unavailable') return <SessionUnavailable title={i18n.t('home.unavailableTitle')} session={session} onRetry={onRetry} className="vb-widget vb-screen" />;
  if (session.status !== 'authenticated') return <BusyStatus message="common.loading" />;
  const { user } = session;
  const identifier = user.email ?? user.phoneNumber ?? null;
  const wallet = identifier === null ? (user.cryptoWallet?.address ?? null) : null;
  return (
    <section className="vb-widget vb-screen">
      <ScreenHeading>{i18n.t('home.title')}</ScreenHeading>
      <p className="vb-text">
        <RichMessage id="home.signedInAs" values={{ email: <strong>{wallet === null ? <UserText value={identifier ?? user.userId} /> : <WalletAddress address={wallet} />}</strong> }} />
      </p>
      {wallet !== null && onCopyAddress !== undefined && (
        <button type="button" className="vb-button vb-button--secondary" onClick={() => onCopyAddress(wallet)}>
          {i18n.t('home.copyAddress')}
        </button>
      )}
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

/**
 * A wallet address as a person compares it (`0x6a5e…0a1b`), the full address read out by screen
 * readers and shown on hover; the page's copy button copies the full one.
 */
function WalletAddress({ address }: { readonly address: string }) {
  return (
    <span title={address}>
      <span aria-hidden="true">
        <UserText value={shortWalletAddress(address)} />
      </span>
      <span className="vb-visually-hidden">
        <UserText value={address} />
      </span>
    </span>
  );
}
