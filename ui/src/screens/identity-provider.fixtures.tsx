import type { ConsentScope, IdentityProviderView as IdentityProviderViewModel, SafePath } from '@vestibule/core';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { ScreenFixture } from '../a11y/screen-fixtures';
import { IdentityProviderView } from './identity-provider-screen';

// The identity-provider pages' states from view models, for axe-core and the pseudo-locale, in
// the shape of the products' `<name>.fixtures.tsx`. Client names and scope descriptions are the
// client's and project's text, which no catalogue translates.

const ignore = () => undefined;
const busyShown = () => void screen.getByRole('status');
const CLIENT = 'Shop <b>Assistant</b>';
const PROJECT = 'Vestibule';
const CUSTOM = 'See your orders';

const page = (view: IdentityProviderViewModel): ReactElement => <IdentityProviderView view={view} send={ignore} onSignIn={ignore} />;
const known = (scope: 'openid' | 'email' | 'full_access'): ConsentScope => ({ scope, description: { key: `idp.scope.${scope}` } });
const consent = (view: Partial<Extract<IdentityProviderViewModel, { screen: 'consent' }>> = {}): ReactElement =>
  page({
    screen: 'consent',
    title: 'idp.signInTitle',
    projectName: PROJECT,
    clientName: { text: CLIENT },
    clientDescription: null,
    scopes: { grantable: [known('openid'), known('email')], ungrantable: [], custom: false },
    submitting: null,
    ...view,
  });

export const SCREEN_FIXTURES: readonly ScreenFixture[] = [
  { name: 'Consent: sign in with known scopes', element: () => consent(), untranslated: [CLIENT, PROJECT] },
  {
    name: 'Consent: a custom scope and an ungrantable one',
    element: () =>
      consent({
        title: 'idp.accessTitleCustom',
        clientDescription: 'Helps you shop',
        scopes: { grantable: [known('openid'), { scope: 'read:orders', description: { text: CUSTOM } }], ungrantable: [known('full_access')], custom: true },
      }),
    untranslated: [CLIENT, 'Helps you shop', CUSTOM],
  },
  { name: 'Consent: Allow on its way', element: () => consent({ submitting: 'allow' }), untranslated: [CLIENT, PROJECT] },
  { name: 'Consent: the default client name', element: () => consent({ clientName: { key: 'idp.defaultClientName' }, title: 'idp.accessTitle' }), untranslated: [PROJECT] },
  { name: 'Identity provider: a required parameter missing', element: () => page({ screen: 'invalid', problem: { key: 'idp.missingParam', params: { param: 'client_id' } } }), untranslated: ['client_id'] },
  { name: 'Identity provider: checking the request', element: () => page({ screen: 'busy', message: 'idp.loading', clientName: null }), settled: busyShown },
  { name: 'Identity provider: taking the visitor back to the app', element: () => page({ screen: 'busy', message: 'idp.redirecting', clientName: { text: CLIENT } }), settled: busyShown, untranslated: [CLIENT] },
  { name: 'Identity provider: no active session', element: () => page({ screen: 'noSession', loginPath: '/login?redirect=%2Foauth%2Fauthorize' as SafePath }) },
  { name: "Identity provider: the provider's error", element: () => page({ screen: 'error', message: { key: 'error.network_unreachable' } }) },
  { name: 'Consent: access denied', element: () => page({ screen: 'denied' }) },
  { name: 'Consent: access granted', element: () => page({ screen: 'granted', clientName: { text: CLIENT } }), untranslated: [CLIENT] },
  { name: 'Logout: Log out?', element: () => page({ screen: 'logoutConsent', projectName: PROJECT, busy: false }), untranslated: [PROJECT] },
  { name: 'Logout: not logged out', element: () => page({ screen: 'notLoggedOut' }) },
];
