import type { AuthError } from '../../domain/errors/auth-error';
import { errorMessage } from '../../domain/errors/error-catalogue';
import { retryTick, retryWindowAfter, tickRetryWindow } from '../../domain/retry/retry-countdown';
import { isWaiting } from '../../domain/retry/retry-window';
import type { PasskeyRegistration } from '../../ports/passkeys.port';
import type { TransitionContext } from '../flow-runner';
import type { PasskeyListEvent, PasskeyListState, PasskeyRegistrationEffect, PasskeyRegistrationEvent, PasskeyRowEditing } from './passkey-registration.types';

// The success screen's list (SPEC §3 passkey row and editing state, §4 row transitions) as a pure
// machine of its own, so its row-state table is tested without the screens around it.

type ListStep = readonly [PasskeyListState, readonly PasskeyRegistrationEffect[]];

/** The key of the list's load: leaving the success screen cancels it. */
const LIST_KEY = 'list';
const LIST_TICK_SCOPE = 'passkeyList';
/** One key per row, so a rename or deletion still on its way is never cut short by another row's. */
const rowKey = (id: string) => `row:${id}`;

const VIEWING: PasskeyRowEditing = { mode: 'viewing' };
const LIST_EVENT_TYPES: ReadonlySet<string> = new Set<PasskeyListEvent['type']>([
  'listLoaded',
  'listFailed',
  'listRetryClicked',
  'listTick',
  'editClicked',
  'nameChanged',
  'saveClicked',
  'cancelClicked',
  'renamed',
  'renameFailed',
  'deleteClicked',
  'deleteConfirmed',
  'removed',
  'removeFailed',
]);

/** True for the events {@link passkeyListTransition} handles. */
export function isPasskeyListEvent(event: PasskeyRegistrationEvent): event is PasskeyListEvent {
  return LIST_EVENT_TYPES.has(event.type);
}

/** A list that starts loading: its state and the call. */
export function loadingPasskeyList(): ListStep {
  return [{ load: { status: 'loading' }, editing: VIEWING }, [{ type: 'loadPasskeys', key: LIST_KEY }]];
}

/** What leaving the list stops: its load and its countdown (a rename or deletion on its way finishes). */
export const LEAVE_LIST_EFFECTS: readonly PasskeyRegistrationEffect[] = [
  { type: 'cancel', key: LIST_KEY },
  { type: 'cancel', prefix: `${LIST_TICK_SCOPE}:` },
];

/**
 * A rename or deletion that failed: SPEC §4's toast with the error (the row itself reverts), and the
 * integrator's error callback. Also used where the list is no longer on screen.
 */
export function rowFailureEffects(error: AuthError): readonly PasskeyRegistrationEffect[] {
  return [
    { type: 'toast', kind: 'error', message: errorMessage(error) },
    { type: 'reportError', error },
  ];
}

const tick = () => retryTick<PasskeyRegistrationEvent>(LIST_TICK_SCOPE, { type: 'listTick' });

const loadedPasskeys = (list: PasskeyListState): readonly PasskeyRegistration[] | null => (list.load.status === 'loaded' ? list.load.passkeys : null);

/** The loaded passkeys changed by `change`; a list that is not loaded stays as it is. */
function withPasskeys(list: PasskeyListState, change: (passkeys: readonly PasskeyRegistration[]) => readonly PasskeyRegistration[]): PasskeyListState {
  return list.load.status === 'loaded' ? { ...list, load: { status: 'loaded', passkeys: change(list.load.passkeys) } } : list;
}

/** The row being edited or deleted is `id` (results of another row's call leave it alone). */
const isOn = (editing: PasskeyRowEditing, id: string) => editing.mode !== 'viewing' && editing.id === id;

/** The passkey list as a pure machine: loading, then one row at a time viewed, edited or deleted. */
export function passkeyListTransition(list: PasskeyListState, event: PasskeyListEvent, context: TransitionContext): ListStep {
  const { load, editing } = list;
  switch (event.type) {
    case 'listLoaded': {
      if (load.status !== 'loading') return [list, []];
      // A row edited elsewhere meanwhile may be gone: nothing is left to edit.
      const kept = editing.mode === 'viewing' || event.passkeys.some((passkey) => passkey.id === editing.id) ? editing : VIEWING;
      return [{ load: { status: 'loaded', passkeys: event.passkeys }, editing: kept }, []];
    }
    case 'listFailed': {
      if (load.status !== 'loading') return [list, []];
      const retry = retryWindowAfter(event.error, context.now);
      return [
        { ...list, load: { status: 'failed', error: errorMessage(event.error), retry } },
        [{ type: 'reportError', error: event.error }, ...(retry === null ? [] : [tick()])],
      ];
    }
    case 'listRetryClicked':
      if (load.status !== 'failed' || isWaiting(load.retry, context.now)) return [list, []];
      return loadingPasskeyList();
    case 'listTick': {
      if (load.status !== 'failed' || load.retry === null) return [list, []];
      // The message stays once the wait is over: without it, an empty list would say nothing.
      const retry = tickRetryWindow(load.retry, context.now);
      return [{ ...list, load: { ...load, retry } }, retry === null ? [] : [tick()]];
    }
    case 'editClicked': {
      const passkey = loadedPasskeys(list)?.find((candidate) => candidate.id === event.id);
      if (editing.mode !== 'viewing' || passkey === undefined) return [list, []];
      return [{ ...list, editing: { mode: 'editing', id: passkey.id, newName: passkey.name, error: null, saving: false } }, []];
    }
    case 'nameChanged':
      if (editing.mode !== 'editing' || editing.saving) return [list, []];
      return [{ ...list, editing: { ...editing, newName: event.value, error: null } }, []];
    case 'saveClicked': {
      if (editing.mode !== 'editing' || editing.saving) return [list, []];
      const name = editing.newName.trim();
      // SPEC §4: the row stays editable, with the reason next to the field.
      if (name === '') return [{ ...list, editing: { ...editing, error: { key: 'passkeyRegistration.nameRequired' } } }, []];
      const current = loadedPasskeys(list)?.find((passkey) => passkey.id === editing.id);
      // Nothing to change: no call, and no chance of a failure for it.
      if (current?.name === name) return [{ ...list, editing: VIEWING }, []];
      return [{ ...list, editing: { ...editing, newName: name, error: null, saving: true } }, [{ type: 'renamePasskey', key: rowKey(editing.id), id: editing.id, name }]];
    }
    case 'cancelClicked':
      if ((editing.mode === 'editing' && !editing.saving) || (editing.mode === 'deleting' && !editing.removing)) return [{ ...list, editing: VIEWING }, []];
      return [list, []];
    case 'renamed': {
      const renamed = withPasskeys(list, (passkeys) => passkeys.map((passkey) => (passkey.id === event.id ? { ...passkey, name: event.name } : passkey)));
      return [isOn(editing, event.id) ? { ...renamed, editing: VIEWING } : renamed, []];
    }
    case 'renameFailed':
      // SPEC §4: the row reverts to its name as it was.
      return [isOn(editing, event.id) ? { ...list, editing: VIEWING } : list, rowFailureEffects(event.error)];
    case 'deleteClicked': {
      const passkey = loadedPasskeys(list)?.find((candidate) => candidate.id === event.id);
      if (editing.mode !== 'viewing' || passkey === undefined) return [list, []];
      return [{ ...list, editing: { mode: 'deleting', id: passkey.id, removing: false } }, []];
    }
    case 'deleteConfirmed':
      if (editing.mode !== 'deleting' || editing.removing) return [list, []];
      return [{ ...list, editing: { ...editing, removing: true } }, [{ type: 'removePasskey', key: rowKey(editing.id), id: editing.id }]];
    case 'removed': {
      const removed = withPasskeys(list, (passkeys) => passkeys.filter((passkey) => passkey.id !== event.id));
      return [isOn(editing, event.id) ? { ...removed, editing: VIEWING } : removed, []];
    }
    case 'removeFailed':
      return [isOn(editing, event.id) ? { ...list, editing: VIEWING } : list, rowFailureEffects(event.error)];
  }
}
