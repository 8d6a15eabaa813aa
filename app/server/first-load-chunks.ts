/**
 * The modules both the first load and lazily loaded chunks use: the stores, streams, timers,
 * provider calls and errors, and React with the UI hooks Main's slots share with Main.
 *
 * Left to itself, rolldown moves such shared modules out of the entry into extra first-load files,
 * and which ones, and how many, depends on the order it merges common chunks in
 * (rolldown/rolldown#9963): a change to one lazy page could add a file, and its gzip overhead, to
 * /login. Naming this group keeps these modules in one file whatever the lazy chunks import (and
 * took /login from 81.2 to 80.9 kB gzip). Since Main's slots (lazy chunks) import React, all of
 * React (react, react-dom, scheduler) is in this group too: split from react-dom, React's core
 * compressed 0.5 kB worse.
 * Only modules the first load needs belong here: anything else would be fetched up front, which
 * the size budget (scripts/check-size-budget.mjs) catches.
 */
export const SHARED_RUNTIME_GROUP = {
  name: 'runtime',
  test: new RegExp(
    [
      /core\/src\/(state\/store|state\/scheduling|flows\/stream|flows\/provider-call|domain\/errors\/auth-error|domain\/i18n\/namespaces)\.ts$/.source,
      // React and the UI's hooks and components that Main's slots (lazy chunks) share with Main.
      /node_modules\/\.pnpm\/react@[^/]+\/node_modules\/react\/(index|jsx-runtime|cjs\/react\.production|cjs\/react-jsx-runtime\.production)\.js$/.source,
      /node_modules\/\.pnpm\/(react-dom@[^/]+\/node_modules\/react-dom\/(index|client|cjs\/react-dom\.production|cjs\/react-dom-client\.production)|scheduler@[^/]+\/node_modules\/scheduler\/(index|cjs\/scheduler\.production))\.js$/.source,
      /ui\/src\/(provider\.tsx|hooks\/use-i18n\.ts|components\/message\.tsx)$/.source,
      // Rolldown's own helpers (CommonJS interop for React): otherwise a file of its own.
      /rolldown[:/]runtime/.source,
      // The one-line dynamic-import helper (plain-dynamic-imports-plugin): otherwise a file of its own.
      /vite\/preload-helper\.js$/.source,
    ].join('|'),
  ),
};

/**
 * The OAuth slot with the button rules it shares with the callback page and the OAuth product:
 * left to itself, rolldown puts those in a chunk of their own, one more file in /login's first
 * load (where the slot is preloaded) for 0.2 kB.
 */
export const OAUTH_SLOT_GROUP = {
  name: 'oauth.slot',
  test: /core\/src\/(widget\/products\/oauth\/oauth\.slot|domain\/oauth\/oauth-buttons)\.ts$/,
};
