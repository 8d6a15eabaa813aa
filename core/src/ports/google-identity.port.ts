import type { Result } from '../domain/errors/auth-error';
import type { CallOptions } from './call-options';

/**
 * What Google's One Tap prompt reports, in order (Google Identity Services "moments"):
 * `displayed` once it is on screen, then a credential, or it was not displayed, skipped or dismissed.
 * Reasons are Google's strings (`unregistered_origin`, `invalid_client`, `user_cancel`, …).
 */
export type GooglePromptMoment =
  | { readonly type: 'displayed' }
  | { readonly type: 'notDisplayed'; readonly reason: string }
  | { readonly type: 'skipped'; readonly reason: string }
  | { readonly type: 'dismissed'; readonly reason: string }
  | { readonly type: 'credential'; readonly credential: string };

export interface GooglePromptRequest {
  readonly clientId: string;
  /** Id of the element the prompt is embedded in; `null` lets Google float it. */
  readonly parentId: string | null;
  readonly cancelOnTapOutside: boolean;
}

/**
 * Google Identity Services behind a port (SPEC §2 One Tap): the script loader and the prompt. The
 * script loads only when a page asks for it, never with the first load.
 */
export interface GoogleIdentityPort {
  /** Loads Google's script (once; a failed load may be retried). */
  load(options?: CallOptions): Promise<Result<void>>;
  /** Shows the One Tap prompt; moments go to `listener`. The returned function cancels the prompt. */
  prompt(request: GooglePromptRequest, listener: (moment: GooglePromptMoment) => void): () => void;
}
