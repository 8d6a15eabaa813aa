// Same-run peer for `pnpm bench`: Stytch's own pre-built widget, `<stytch-ui>` from
// @stytch/vanilla-js, with the product configuration of our /login (Google OAuth, e-mail magic
// link, passwords). Like the "stytch-vanilla" page of research/performance.md it runs offline:
// the API base is port 9 on localhost, which Chromium refuses to contact (ERR_UNSAFE_PORT), so
// every call fails at once without touching the network and the widget renders on its defaults.
// Built by scripts/bench.mjs with Vite, which resolves @stytch/vanilla-js through the adapters
// package (bench/ is no workspace package). Plain JS with JSDoc, so it needs no tsconfig.
import { Products, StytchUI, createStytchClient } from '@stytch/vanilla-js';

const UNREACHABLE_API = 'http://localhost:9';
const here = `${location.origin}${location.pathname}`;

// `endpoints` is honoured by the SDK but missing from its option type (research/stytch-sdk.md §2).
const client = createStytchClient('public-token-test-vestibule-bench-peer', {
  endpoints: { testAPIURL: UNREACHABLE_API, liveAPIURL: UNREACHABLE_API },
});

/** @type {import('@stytch/vanilla-js').StytchLoginConfig} */
const config = {
  products: [Products.oauth, Products.emailMagicLinks, Products.passwords],
  oauthOptions: { providers: [{ type: 'google' }], loginRedirectURL: here, signupRedirectURL: here },
  emailMagicLinksOptions: { loginRedirectURL: here, signupRedirectURL: here },
  passwordOptions: { loginRedirectURL: here, resetPasswordRedirectURL: here },
};

if (!customElements.get('stytch-ui')) customElements.define('stytch-ui', StytchUI);
// The working pattern of research/stytch-sdk.md §7: `mountLogin` renders nothing on its first
// call in 6.3.0. No `shadow` attribute, so the e-mail input is in the light DOM like ours.
const widget = document.createElement('stytch-ui');
widget.render({ client, config });
document.getElementById('login').append(widget);
