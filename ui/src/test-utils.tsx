import { createAuthCore, type AuthCore, type AuthCoreOptions, type ProviderSession } from '@vestibule/core';
import { ENGLISH_CATALOGUES } from '@vestibule/core/english-catalogues';
import { createFakePorts, type FakePorts } from '@vestibule/test/fakes';
import { render, type RenderResult } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { AuthCoreProvider } from './provider';

/** Runs a suite once in StrictMode and once without, as screens must behave the same in both. */
export const reactModes = [
  ['StrictMode', true],
  ['non-strict mode', false],
] as const;

export interface Harness {
  readonly ports: FakePorts;
  readonly core: AuthCore;
  /** What reached the integrator's `onError`. */
  readonly errors: unknown[];
  renderUi(ui: ReactElement): RenderResult;
}

export interface SetupOptions {
  /** The visitor's session when the page opens. */
  readonly session?: ProviderSession;
  /** Scripts the fakes before the core starts (its session check runs at creation). */
  readonly beforeStart?: (ports: FakePorts) => void;
  /** Core options beyond the defaults (locale, message loader, …). */
  readonly coreOptions?: Partial<AuthCoreOptions>;
}

export function setup(strict: boolean, options: SetupOptions = {}): Harness {
  const ports = createFakePorts(options.session === undefined ? {} : { session: options.session });
  options.beforeStart?.(ports);
  const errors: unknown[] = [];
  // Every English string is in memory, so screens render at once; tests of loading pass their own.
  const core: AuthCore = createAuthCore(ports, {
    origin: 'http://localhost:5173',
    onError: (error) => errors.push(error),
    preloadedMessages: { en: ENGLISH_CATALOGUES },
    ...options.coreOptions,
  });
  const wrap = (ui: ReactElement) => <AuthCoreProvider core={core}>{ui}</AuthCoreProvider>;
  const renderUi = (ui: ReactElement): RenderResult => render(strict ? <StrictMode>{wrap(ui)}</StrictMode> : wrap(ui));
  return { ports, core, errors, renderUi };
}
