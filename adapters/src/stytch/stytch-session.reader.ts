import type { LoggerPort, ProviderSession } from '@vestibule/core';
import { parseStytchSession, parseStytchStoredState } from './stytch-session.schema';

/** Where the Stytch adapters turn the SDK's session data into the product's, never throwing. */
export interface SessionReader {
  /** The SDK's user and session (an answer's, or what it holds); malformed data is logged and read as signed out. */
  read(user: unknown, session: unknown): ProviderSession;
  /** Whether another tab's write to the SDK's state may reach the SDK; logs why not. */
  admitsStored(text: string | null): boolean;
}

/**
 * One reader per SDK client. One bad answer is seen twice (the SDK stores it and notifies, then
 * the call returns it) and a notification comes once for the session and once for the user, so a
 * problem is logged once for as long as it is the latest thing read.
 */
export function createSessionReader(logger: LoggerPort): SessionReader {
  let lastProblem: string | null = null;
  const report = (message: string, problem: string) => {
    if (problem === lastProblem) return;
    lastProblem = problem;
    logger.error(message);
  };
  return {
    read: (user, session) => {
      const parsed = parseStytchSession(user, session);
      if (parsed.ok) {
        lastProblem = null;
        return parsed.value;
      }
      report(`Stytch reported malformed session data (${parsed.problem}); read as signed out`, parsed.problem);
      return null;
    },
    admitsStored: (text) => {
      const parsed = parseStytchStoredState(text);
      if (parsed.ok) return true;
      report(`Another tab stored malformed Stytch session data (${parsed.problem}); this tab is signed out`, parsed.problem);
      return false;
    },
  };
}
