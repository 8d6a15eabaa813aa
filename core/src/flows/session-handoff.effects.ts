import { NO_EVENTS, type Stream } from './stream';
import type { AuthCoreHost } from '../create-auth-core';
import { writeSessionHandoff } from '../domain/session/session-handoff';

/**
 * Hands a new session to `/login/callback/web` through this tab's storage, never the address (a
 * query string reaches server and CDN logs). A sign-in emits it just before it completes, so the
 * token rides in an effect and in no state.
 */
export interface HandOffSessionEffect {
  readonly type: 'handOffSession';
  readonly token: string;
}

/** Runs {@link HandOffSessionEffect}: writes the hand-off, stamped with the scheduler's time. */
export function handOffSession<E>(host: Pick<AuthCoreHost, 'ports' | 'scheduler'>, effect: HandOffSessionEffect): Stream<E> {
  writeSessionHandoff(host.ports.storage, effect.token, host.scheduler.now());
  return NO_EVENTS;
}
