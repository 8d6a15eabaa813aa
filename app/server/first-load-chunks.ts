/**
 * The modules both the first load and lazily loaded chunks use: rxjs's core (Observable, Subject,
 * the subscriber machinery), the stores, timers, provider calls and errors.
 *
 * Left to itself, rolldown moves such shared modules out of the entry into extra first-load files,
 * and which ones, and how many, depends on the order it merges common chunks in
 * (rolldown/rolldown#9963): a change to one lazy page could add a file, and its gzip overhead, to
 * /login. Naming this group keeps these modules in one file whatever the lazy chunks import (and
 * took /login from 81.2 to 80.9 kB gzip). React can still be split out the same way when a new
 * lazy page imports it directly; grouping React too made things worse (a separate runtime file).
 * Only modules the first load needs belong here: anything else would be fetched up front, which
 * the size budget (scripts/check-size-budget.mjs) catches.
 */
export const SHARED_RUNTIME_GROUP = {
  name: 'runtime',
  test: new RegExp(
    [
      /node_modules\/\.pnpm\/rxjs@[^/]+\/node_modules\/rxjs\/dist\/esm\/internal\//.source +
        /(Observable|Subscriber|Subscription|Subject|BehaviorSubject|config|NotificationFactories|scheduler\/timeoutProvider|symbol\/observable|util\/[A-Za-z]+)\.js$/.source,
      /core\/src\/(state\/store|state\/scheduling|flows\/provider-call|domain\/errors\/auth-error|domain\/i18n\/namespaces)\.ts$/.source,
      // React and the UI's hooks and components that Main's slots (lazy chunks) share with Main.
      /node_modules\/\.pnpm\/react@[^/]+\/node_modules\/react\/(index|jsx-runtime|cjs\/react\.production|cjs\/react-jsx-runtime\.production)\.js$/.source,
      /ui\/src\/(provider\.tsx|hooks\/use-i18n\.ts|components\/message\.tsx)$/.source,
      // The one-line dynamic-import helper (plain-dynamic-imports-plugin): otherwise a file of its own.
      /vite\/preload-helper\.js$/.source,
    ].join('|'),
  ),
};
