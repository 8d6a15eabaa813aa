import type { SandboxMessage } from './model';
import type { SandboxState } from './state';
import { newId, toIso } from './wire';

export const SANDBOX_EMAIL_DOMAIN = 'mail.vestibule.test';
export const SANDBOX_EMAIL_FROM = `login@${SANDBOX_EMAIL_DOMAIN}`;

export interface OutgoingMessage {
  channel: SandboxMessage['channel'];
  from: string;
  to: string;
  subject: string;
  text: string;
  link?: string;
  code?: string;
}

/** "Delivers" a message by keeping it; the inbox page and /__sandbox/api/messages read it back. */
export function deliver(state: SandboxState, now: number, message: OutgoingMessage): SandboxMessage {
  const stored: SandboxMessage = { id: newId('message'), ...message, sentAt: toIso(now) };
  state.messages.push(stored);
  return stored;
}

/** Newest first, optionally only those sent to one address (compared case-insensitively). */
export function listMessages(state: SandboxState, to: string | null): SandboxMessage[] {
  const wanted = to?.trim().toLowerCase();
  return state.messages.filter((message) => !wanted || message.to.toLowerCase() === wanted).reverse();
}
