import { authError, type PasskeyListView, type PasskeyRegistrationView as PasskeyRegistrationViewModel, type PasskeyRowView, type SafePath } from '@vestibule/core';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { ScreenFixture } from '../a11y/screen-fixtures';
import { PasskeyRegistrationView, PasskeySessionView } from './passkey-registration-screen';

// /account/passkeys' states from view models, for axe-core and the pseudo-locale
// (passkey-registration-screen.a11y.test.tsx), in the shape of the products' `<name>.fixtures.tsx`.

const ignore = () => undefined;
const LOGIN = '/login?redirect=%2Faccount%2Fpasskeys' as SafePath;
const busyShown = () => void screen.getByRole('status');

/** The user's names, which no catalogue translates. */
const NAMES = { laptop: 'Laptop', phone: 'Phone', markup: '<b>Work</b> key', override: 'Laptop\u202Egnp.exe', long: 'W'.repeat(400) } as const;
// Longest first: the check takes out each allowed value in turn, and one name starts another.
const SHOWN_NAMES = [NAMES.laptop, NAMES.phone, NAMES.markup, 'Laptop[U+202E]gnp.exe', NAMES.long].sort((a, b) => b.length - a.length);

const viewing = (id: string, name: string, disabled = false): PasskeyRowView => ({ id, name, mode: 'viewing', disabled });
const loaded = (...rows: PasskeyRowView[]): PasskeyListView => ({ status: 'loaded', rows });

const start = (view: Partial<Extract<PasskeyRegistrationViewModel, { screen: 'start' }>> = {}): ReactElement => (
  <PasskeyRegistrationView view={{ screen: 'start', creating: false, canCreate: true, error: null, retryInSeconds: null, ...view }} send={ignore} />
);
const success = (list: PasskeyListView, created = false): ReactElement => <PasskeyRegistrationView view={{ screen: 'success', created, list }} send={ignore} />;
const session = (view: Parameters<typeof PasskeySessionView>[0]['session']): ReactElement => <PasskeySessionView session={view} loginPath={LOGIN} onSignIn={ignore} onRetry={ignore} />;

export const SCREEN_FIXTURES: readonly ScreenFixture[] = [
  { name: '/account/passkeys while the session is checked', element: () => session({ status: 'unknown' }), settled: busyShown },
  { name: '/account/passkeys when the session cannot be checked', element: () => session({ status: 'unavailable', error: authError('server_error'), retryInSeconds: null }) },
  { name: '/account/passkeys signed out (SPEC §6)', element: () => session({ status: 'destroyed' }) },
  { name: 'Passkey registration start', element: () => start() },
  { name: 'Passkey registration start, creating', element: () => start({ creating: true, canCreate: false }) },
  { name: 'Passkey registration start, a duplicate passkey', element: () => start({ error: { key: 'error.duplicate_webauthn_registration' } }) },
  { name: 'Passkey registration start, not created', element: () => start({ error: { key: 'passkeyRegistration.createFailed' } }) },
  { name: 'Passkey registration start waiting out Retry-After', element: () => start({ canCreate: false, error: { key: 'error.too_many_requests' }, retryInSeconds: 4 }) },
  { name: 'Passkey registration success, the list loading', element: () => success({ status: 'loading' }, true) },
  { name: 'Passkey registration success, the list failed', element: () => success({ status: 'failed', message: { key: 'error.network_unreachable' }, canRetry: true, retryInSeconds: null }) },
  { name: 'Passkey registration success, no passkeys', element: () => success(loaded()) },
  { name: 'Passkey registration success, created, the list', element: () => success(loaded(viewing('a', NAMES.laptop), viewing('b', NAMES.phone)), true), untranslated: SHOWN_NAMES },
  {
    name: 'Passkey list, hostile names',
    element: () => success(loaded(viewing('a', NAMES.markup), viewing('b', NAMES.override), viewing('c', NAMES.long))),
    untranslated: SHOWN_NAMES,
  },
  {
    name: 'Passkey list, a row edited, the others disabled',
    element: () => success(loaded({ id: 'a', name: NAMES.laptop, mode: 'editing', newName: 'Desk', error: null, saving: false }, viewing('b', NAMES.phone, true))),
    untranslated: SHOWN_NAMES,
  },
  {
    name: 'Passkey list, an empty name refused',
    element: () => success(loaded({ id: 'a', name: NAMES.laptop, mode: 'editing', newName: '', error: { key: 'passkeyRegistration.nameRequired' }, saving: false })),
    untranslated: SHOWN_NAMES,
  },
  {
    name: 'Passkey list, a rename saving',
    element: () => success(loaded({ id: 'a', name: NAMES.laptop, mode: 'editing', newName: 'Desk', error: null, saving: true }, viewing('b', NAMES.phone, true))),
    untranslated: SHOWN_NAMES,
  },
  { name: 'Passkey list, a deletion asked for', element: () => success(loaded({ id: 'a', name: NAMES.laptop, mode: 'deleting', removing: false }, viewing('b', NAMES.phone, true))), untranslated: SHOWN_NAMES },
  { name: 'Passkey list, a deletion on its way', element: () => success(loaded({ id: 'a', name: NAMES.laptop, mode: 'deleting', removing: true })), untranslated: SHOWN_NAMES },
];
