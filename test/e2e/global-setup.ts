import { buildApp, buildVanillaExample } from './preview-server';

/** Builds the app and the vanilla example once per run; each worker then serves these builds (fixtures.ts, vanilla-example.e2e.ts). */
export default function globalSetup(): void {
  buildApp();
  buildVanillaExample();
}
