import { retrySecondsLeft } from '../../domain/retry/retry-window';
import type { PasskeyListState, PasskeyListView, PasskeyRegistrationState, PasskeyRegistrationView, PasskeyRowView } from './passkey-registration.types';

/** The list as it renders: each row in its SPEC §3 state, the others disabled while one is edited or deleted. */
function passkeyListView({ load, editing }: PasskeyListState): PasskeyListView {
  switch (load.status) {
    case 'loading':
      return { status: 'loading' };
    case 'failed': {
      const retryInSeconds = retrySecondsLeft(load.retry);
      return { status: 'failed', message: load.error, canRetry: retryInSeconds === null, retryInSeconds };
    }
    case 'loaded':
      return {
        status: 'loaded',
        rows: load.passkeys.map(({ id, name }): PasskeyRowView => {
          if (editing.mode === 'editing' && editing.id === id) return { id, name, mode: 'editing', newName: editing.newName, error: editing.error, saving: editing.saving };
          if (editing.mode === 'deleting' && editing.id === id) return { id, name, mode: 'deleting', removing: editing.removing };
          return { id, name, mode: 'viewing', disabled: editing.mode !== 'viewing' };
        }),
      };
  }
}

/** Maps `/account/passkeys`' state to what it renders. */
export function passkeyRegistrationView(state: PasskeyRegistrationState): PasskeyRegistrationView {
  if (state.screen === 'success') return { screen: 'success', created: state.created, list: passkeyListView(state.list) };
  const retryInSeconds = retrySecondsLeft(state.retry);
  return { screen: 'start', creating: state.creating, canCreate: !state.creating && retryInSeconds === null, error: state.error, retryInSeconds };
}
