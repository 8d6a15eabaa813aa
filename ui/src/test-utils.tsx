import { createAuthCore, type AuthCore } from '@vestibule/core';
import { FakeAuthProvider, RecordingNavigation } from '@vestibule/test/fakes';
import { render, type RenderResult } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { AuthCoreProvider } from './provider';

/** Runs a suite once in StrictMode and once without, as screens must behave the same in both. */
export const reactModes = [
  ['StrictMode', true],
  ['non-strict mode', false],
] as const;

export interface Harness {
  readonly auth: FakeAuthProvider;
  readonly navigation: RecordingNavigation;
  readonly core: AuthCore;
  readonly errors: unknown[];
  renderUi(ui: ReactElement): RenderResult;
}

export function setup(strict: boolean): Harness {
  const auth = new FakeAuthProvider();
  const navigation = new RecordingNavigation();
  const errors: unknown[] = [];
  const core: AuthCore = createAuthCore(
    { auth, navigation, logger: { error: (...args) => errors.push(args) } },
    { origin: 'http://localhost:5173', onError: (error) => errors.push(error) },
  );
  const renderUi = (ui: ReactElement): RenderResult =>
    render(strict ? <StrictMode><AuthCoreProvider core={core}>{ui}</AuthCoreProvider></StrictMode> : <AuthCoreProvider core={core}>{ui}</AuthCoreProvider>);
  return { auth, navigation, core, errors, renderUi };
}
