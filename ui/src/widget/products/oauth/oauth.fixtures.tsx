import { main, phoneFormSettled, type ScreenFixture } from '../../../a11y/screen-fixtures';

// The OAuth buttons on Main, checked with axe-core and in the pseudo-locale (ui/src/a11y).
// Providers are named by their own brand, in no language of ours.

const PROVIDER_NAMES: readonly string[] = ['GitHub', 'Microsoft', 'Apple', 'Google'];

export const SCREEN_FIXTURES: readonly ScreenFixture[] = [
  {
    name: "Main with OAuth buttons, the one used last first with 'Last used'",
    element: () => main({ oauthProviders: ['github', 'microsoft', 'apple', 'google'], lastUsed: 'google' }),
    untranslated: PROVIDER_NAMES,
  },
  {
    name: 'Main with an OAuth round trip starting (its button busy, the rest disabled)',
    element: () => main({ oauthProviders: ['google', 'github'], oauthStarting: 'google' }),
    untranslated: PROVIDER_NAMES,
  },
  {
    name: "Main with 'not completed' under the OAuth buttons",
    element: () => main({ oauthProviders: ['google'], lastUsed: 'google', socialError: { key: 'error.oauthNotCompleted', params: { provider: 'Google' } } }),
    untranslated: PROVIDER_NAMES,
  },
  { name: 'Main with OAuth only (no e-mail form, no divider)', element: () => main({ emailForm: null, oauthProviders: ['google', 'apple'] }), untranslated: PROVIDER_NAMES },
  {
    name: 'Main with OAuth and the passcode tabs',
    element: () => main({ emailForm: 'passcodes', oauthProviders: ['google'], otpMethods: ['sms', 'email'] }),
    settled: phoneFormSettled,
    untranslated: [...PROVIDER_NAMES, 'United States', 'France', 'US +1'],
  },
];
