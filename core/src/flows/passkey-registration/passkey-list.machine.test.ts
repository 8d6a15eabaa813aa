import { describe, expect, it } from 'vitest';
import { authError } from '../../domain/errors/auth-error';
import { providerError } from '../../domain/errors/provider-error';
import { loadingPasskeyList, passkeyListTransition } from './passkey-list.machine';
import type { PasskeyListEvent, PasskeyListState, PasskeyRegistrationEffect, PasskeyRowEditing } from './passkey-registration.types';
import { passkeyRegistrationView } from './passkey-registration.view';
import type { SafePath } from '../../domain/redirects/safe-redirect';

// SPEC §3 (passkey row, editing state) and §4 (row transitions) as a table: from a list state, an
// event, the state and effects that follow. No runner, no ports, no browser.

const LAPTOP = { id: 'reg-1', name: 'Laptop' } as const;
const PHONE = { id: 'reg-2', name: 'Phone' } as const;

const list = (editing: PasskeyRowEditing): PasskeyListState => ({ load: { status: 'loaded', passkeys: [LAPTOP, PHONE] }, editing });
const VIEWING = list({ mode: 'viewing' });
const EDITING = list({ mode: 'editing', id: LAPTOP.id, newName: 'Work laptop', error: null, saving: false });
const SAVING = list({ mode: 'editing', id: LAPTOP.id, newName: 'Work laptop', error: null, saving: true });
const DELETING = list({ mode: 'deleting', id: LAPTOP.id, removing: false });
const REMOVING = list({ mode: 'deleting', id: LAPTOP.id, removing: true });

const NETWORK = authError('network_unreachable');
const TOAST_NETWORK: PasskeyRegistrationEffect = { type: 'toast', kind: 'error', message: { key: 'error.network_unreachable' } };

const step = (from: PasskeyListState, event: PasskeyListEvent, now = 0) => passkeyListTransition(from, event, { now });

interface Row {
  readonly name: string;
  readonly from: PasskeyListState;
  readonly event: PasskeyListEvent;
  readonly to: PasskeyListState;
  readonly effects: readonly PasskeyRegistrationEffect[];
}

const ROWS: readonly Row[] = [
  // viewing → editing (own row), with the name as it is
  { name: 'viewing, Edit on a row → editing that row with its name', from: VIEWING, event: { type: 'editClicked', id: LAPTOP.id }, to: list({ mode: 'editing', id: LAPTOP.id, newName: 'Laptop', error: null, saving: false }), effects: [] },
  { name: 'viewing, Edit on an unknown row → nothing', from: VIEWING, event: { type: 'editClicked', id: 'reg-404' }, to: VIEWING, effects: [] },
  { name: 'editing, Edit on another row → nothing (the others are disabled)', from: EDITING, event: { type: 'editClicked', id: PHONE.id }, to: EDITING, effects: [] },
  { name: 'editing, Delete on another row → nothing', from: EDITING, event: { type: 'deleteClicked', id: PHONE.id }, to: EDITING, effects: [] },
  { name: 'editing, typing → the new name', from: EDITING, event: { type: 'nameChanged', value: 'Desk' }, to: list({ mode: 'editing', id: LAPTOP.id, newName: 'Desk', error: null, saving: false }), effects: [] },
  // editing → back on cancel
  { name: 'editing, Cancel → viewing, the name unchanged', from: EDITING, event: { type: 'cancelClicked' }, to: VIEWING, effects: [] },
  // editing → saving → back on save
  {
    name: 'editing, Save → the rename on its way (trimmed), for that row',
    from: list({ mode: 'editing', id: LAPTOP.id, newName: '  Work laptop  ', error: null, saving: false }),
    event: { type: 'saveClicked' },
    to: SAVING,
    effects: [{ type: 'renamePasskey', key: 'row:reg-1', id: LAPTOP.id, name: 'Work laptop' }],
  },
  {
    name: 'editing, Save with an empty name → refused with a message, still editing',
    from: list({ mode: 'editing', id: LAPTOP.id, newName: ' \t ', error: null, saving: false }),
    event: { type: 'saveClicked' },
    to: list({ mode: 'editing', id: LAPTOP.id, newName: ' \t ', error: { key: 'passkeyRegistration.nameRequired' }, saving: false }),
    effects: [],
  },
  {
    name: 'editing with the message, typing → the message goes',
    from: list({ mode: 'editing', id: LAPTOP.id, newName: '', error: { key: 'passkeyRegistration.nameRequired' }, saving: false }),
    event: { type: 'nameChanged', value: 'D' },
    to: list({ mode: 'editing', id: LAPTOP.id, newName: 'D', error: null, saving: false }),
    effects: [],
  },
  { name: 'editing, Save with the name unchanged → viewing, no call', from: list({ mode: 'editing', id: LAPTOP.id, newName: 'Laptop ', error: null, saving: false }), event: { type: 'saveClicked' }, to: VIEWING, effects: [] },
  { name: 'saving, Save again → nothing (no double submit)', from: SAVING, event: { type: 'saveClicked' }, to: SAVING, effects: [] },
  { name: 'saving, Cancel → nothing (the rename is on its way)', from: SAVING, event: { type: 'cancelClicked' }, to: SAVING, effects: [] },
  { name: 'saving, typing → nothing', from: SAVING, event: { type: 'nameChanged', value: 'x' }, to: SAVING, effects: [] },
  {
    name: 'saving, renamed → viewing with the new name',
    from: SAVING,
    event: { type: 'renamed', id: LAPTOP.id, name: 'Work laptop' },
    to: { load: { status: 'loaded', passkeys: [{ id: LAPTOP.id, name: 'Work laptop' }, PHONE] }, editing: { mode: 'viewing' } },
    effects: [],
  },
  // a failed edit: a toast with the error, the row reverts
  {
    name: 'saving, the rename failed → viewing with the old name, and a toast with the error',
    from: SAVING,
    event: { type: 'renameFailed', id: LAPTOP.id, error: NETWORK },
    to: VIEWING,
    effects: [TOAST_NETWORK, { type: 'reportError', error: NETWORK }],
  },
  {
    name: "saving, the provider's own refusal → its message in the toast",
    from: SAVING,
    event: { type: 'renameFailed', id: LAPTOP.id, error: providerError('invalid_argument', { status: 400, serverMessage: 'Name too long.' }) },
    to: VIEWING,
    effects: [{ type: 'toast', kind: 'error', message: { text: 'Name too long.' } }, { type: 'reportError', error: providerError('invalid_argument', { status: 400, serverMessage: 'Name too long.' }) }],
  },
  // viewing → deleting → confirmed → gone
  { name: 'viewing, Delete → deleting that row (the warning)', from: VIEWING, event: { type: 'deleteClicked', id: LAPTOP.id }, to: DELETING, effects: [] },
  { name: 'deleting, Cancel → viewing', from: DELETING, event: { type: 'cancelClicked' }, to: VIEWING, effects: [] },
  { name: 'deleting, Edit on another row → nothing', from: DELETING, event: { type: 'editClicked', id: PHONE.id }, to: DELETING, effects: [] },
  { name: 'deleting, confirmed → the deletion on its way', from: DELETING, event: { type: 'deleteConfirmed' }, to: REMOVING, effects: [{ type: 'removePasskey', key: 'row:reg-1', id: LAPTOP.id }] },
  { name: 'removing, confirmed again → nothing (no double submit)', from: REMOVING, event: { type: 'deleteConfirmed' }, to: REMOVING, effects: [] },
  { name: 'removing, Cancel → nothing', from: REMOVING, event: { type: 'cancelClicked' }, to: REMOVING, effects: [] },
  { name: 'removing, removed → viewing without the row', from: REMOVING, event: { type: 'removed', id: LAPTOP.id }, to: { load: { status: 'loaded', passkeys: [PHONE] }, editing: { mode: 'viewing' } }, effects: [] },
  // a failed delete: a toast with the error, the row reverts
  { name: 'removing, the deletion failed → viewing with the row, and a toast', from: REMOVING, event: { type: 'removeFailed', id: LAPTOP.id, error: NETWORK }, to: VIEWING, effects: [TOAST_NETWORK, { type: 'reportError', error: NETWORK }] },
  // a late answer about another row changes that row only
  {
    name: "editing one row, another row's late rename → that row renamed, still editing",
    from: list({ mode: 'editing', id: PHONE.id, newName: 'P', error: null, saving: false }),
    event: { type: 'renamed', id: LAPTOP.id, name: 'Old laptop' },
    to: { load: { status: 'loaded', passkeys: [{ id: LAPTOP.id, name: 'Old laptop' }, PHONE] }, editing: { mode: 'editing', id: PHONE.id, newName: 'P', error: null, saving: false } },
    effects: [],
  },
  // loading
  { name: 'loading, loaded → the rows, viewing', from: loadingPasskeyList()[0], event: { type: 'listLoaded', passkeys: [LAPTOP, PHONE] }, to: VIEWING, effects: [] },
  { name: 'loaded, a stray list answer → nothing', from: EDITING, event: { type: 'listLoaded', passkeys: [] }, to: EDITING, effects: [] },
  {
    name: 'loading, failed → the message and Try again',
    from: loadingPasskeyList()[0],
    event: { type: 'listFailed', error: NETWORK },
    to: { load: { status: 'failed', error: { key: 'error.network_unreachable' }, retry: null }, editing: { mode: 'viewing' } },
    effects: [{ type: 'reportError', error: NETWORK }],
  },
  {
    name: 'failed, Try again → loading again',
    from: { load: { status: 'failed', error: { key: 'error.network_unreachable' }, retry: null }, editing: { mode: 'viewing' } },
    event: { type: 'listRetryClicked' },
    to: loadingPasskeyList()[0],
    effects: [{ type: 'loadPasskeys', key: 'list' }],
  },
];

describe('the passkey list, row by row (SPEC §3, §4)', () => {
  it.each(ROWS.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    const [to, effects] = step(row.from, row.event);
    expect(to).toEqual(row.to);
    expect(effects).toEqual(row.effects);
  });

  it('shows the other rows disabled while one is edited or deleted, and none while viewing', () => {
    const rows = (state: PasskeyListState) => {
      const view = passkeyRegistrationView({ screen: 'success', input: { sessionDurationMinutes: 60, donePath: '/' as SafePath }, created: false, list: state });
      if (view.screen !== 'success' || view.list.status !== 'loaded') throw new Error('expected the loaded list');
      return view.list.rows.map((row) => (row.mode === 'viewing' ? `${row.id}:viewing${row.disabled ? ':disabled' : ''}` : `${row.id}:${row.mode}`));
    };
    expect(rows(VIEWING)).toEqual(['reg-1:viewing', 'reg-2:viewing']);
    expect(rows(EDITING)).toEqual(['reg-1:editing', 'reg-2:viewing:disabled']);
    expect(rows(DELETING)).toEqual(['reg-1:deleting', 'reg-2:viewing:disabled']);
  });

  it('holds Try again through a 429 with Retry-After, counting down, and keeps the message after the wait', () => {
    const [failed, effects] = step(loadingPasskeyList()[0], { type: 'listFailed', error: authError('too_many_requests', { retryAfterMs: 2_000 }) }, 1_000);
    expect(effects).toContainEqual({ type: 'timer', key: 'passkeyList:retry-tick', delayMs: 1_000, event: { type: 'listTick' } });
    expect(step(failed, { type: 'listRetryClicked' }, 2_500)).toEqual([failed, []]);
    const [once] = step(failed, { type: 'listTick' }, 2_000);
    const [over, none] = step(once, { type: 'listTick' }, 3_000);
    expect(none).toEqual([]);
    expect(over.load).toEqual({ status: 'failed', error: { key: 'error.too_many_requests' }, retry: null });
    expect(step(over, { type: 'listRetryClicked' }, 3_000)[1]).toEqual([{ type: 'loadPasskeys', key: 'list' }]);
  });

  it('drops the editing state when a reload no longer has the row', () => {
    const reloading: PasskeyListState = { load: { status: 'loading' }, editing: { mode: 'deleting', id: LAPTOP.id, removing: false } };
    expect(step(reloading, { type: 'listLoaded', passkeys: [PHONE] })[0].editing).toEqual({ mode: 'viewing' });
  });
});
