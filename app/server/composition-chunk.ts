import { fileURLToPath } from 'node:url';

/**
 * What the Stytch adapters share — the one SDK client, its error mapping (with the client's error
 * codes), the session mapping — in one chunk beside the composition chunk. The container's
 * adapters and each product's import them, so rolldown cannot leave them in the container chunk,
 * and left to itself it splits them over several files: more requests, and more gzip bytes, on the
 * way to the first provider call.
 */
export const STYTCH_CLIENT_GROUP = {
  name: 'stytch-client',
  // Only these modules: what they import stays where it is (the first load's modules).
  includeDependenciesRecursively: false,
  test: new RegExp(
    [
      /adapters\/src\/stytch\/(stytch-client|retry-after-observer|map-stytch-error|stytch-session\.adapter)\.ts$/.source,
      /core\/src\/domain\/errors\/(provider-error|client-error-codes)\.ts$/.source,
    ].join('|'),
  ),
};

/**
 * inversify's `import 'reflect-metadata/lite'` (a 2.4 kB gzip polyfill) resolved to the three
 * functions it calls without decorators (app/src/composition/reflect-metadata-lite.ts).
 */
export const REFLECT_METADATA_LITE_ALIAS = {
  find: /^reflect-metadata\/lite$/,
  replacement: fileURLToPath(new URL('../src/composition/reflect-metadata-lite.ts', import.meta.url)),
};
