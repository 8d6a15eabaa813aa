import type { AuthCore } from '@vestibule/core';
import { createContext, useContext, type ReactNode } from 'react';

const AuthCoreContext = createContext<AuthCore | null>(null);

/** Makes one {@link AuthCore} available to every screen below it. */
export function AuthCoreProvider({ core, children }: { core: AuthCore; children: ReactNode }) {
  return <AuthCoreContext.Provider value={core}>{children}</AuthCoreContext.Provider>;
}

/** The core from the nearest {@link AuthCoreProvider}. */
export function useAuthCore(): AuthCore {
  const core = useContext(AuthCoreContext);
  if (!core) throw new Error('useAuthCore must be used inside <AuthCoreProvider>.');
  return core;
}
