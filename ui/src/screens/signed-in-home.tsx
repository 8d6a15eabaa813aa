import { signOut } from '@vestibule/core';
import { useState } from 'react';
import { BusyStatus } from '../components/busy-status';
import { RichMessage } from '../components/message';
import { ScreenHeading } from '../components/screen-heading';
import { useI18n } from '../hooks/use-i18n';
import { useStore } from '../hooks/use-store';
import { useAuthCore } from '../provider';

/** The signed-in home: who is signed in, and a way out. */
export function SignedInHome() {
  const core = useAuthCore();
  const i18n = useI18n();
  const session = useStore(core.session);
  const [leaving, setLeaving] = useState(false);

  if (session.status !== 'authenticated') return <BusyStatus message="home.loading" />;

  const logOut = () => {
    setLeaving(true);
    void signOut(core.host)();
  };

  return (
    <section className="vb-widget vb-screen">
      <ScreenHeading>{i18n.t('home.title')}</ScreenHeading>
      <p className="vb-text">
        <RichMessage id="home.signedInAs" values={{ email: <strong>{session.user.email ?? session.user.userId}</strong> }} />
      </p>
      <button type="button" className="vb-button vb-button--secondary" disabled={leaving} aria-busy={leaving || undefined} onClick={logOut}>
        {i18n.t(leaving ? 'home.loggingOut' : 'home.logOut')}
      </button>
    </section>
  );
}
