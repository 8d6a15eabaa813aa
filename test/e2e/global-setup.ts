import { buildApp } from './preview-server';

/** Builds the app once per run; each worker then serves this build (fixtures.ts). */
export default function globalSetup(): void {
  buildApp();
}
