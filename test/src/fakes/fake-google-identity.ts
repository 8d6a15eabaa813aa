import { ok, type CallOptions, type GoogleIdentityPort, type GooglePromptMoment, type GooglePromptRequest, type Result } from '@vestibule/core';
import { CallScript } from './call-script';

/** A prompt the fake was asked to show. */
export interface FakeGooglePrompt {
  readonly request: GooglePromptRequest;
  /** Every moment delivered to this prompt's listener, in order. */
  readonly moments: GooglePromptMoment[];
  /** True once its cancel function ran, or a newer prompt replaced it (Google shows one at a time). */
  cancelled: boolean;
}

/**
 * Google Identity Services without Google: `load` succeeds unless scripted
 * (`fake.loads.failNext(authError('network_unreachable'))`, `.holdNext()`), `prompt` records the
 * request and shows nothing until the test calls `emit(moment)`, which reaches the current prompt's
 * listener only (a cancelled prompt hears nothing, as with the real adapter).
 */
export class FakeGoogleIdentity implements GoogleIdentityPort {
  readonly loads = new CallScript<void>();
  /** How many times `load` was called. */
  loadCalls = 0;
  /** Every prompt asked for, oldest first. */
  readonly prompts: FakeGooglePrompt[] = [];
  /** How many prompts were cancelled through their cancel function. */
  cancels = 0;
  private current: { prompt: FakeGooglePrompt; listener: (moment: GooglePromptMoment) => void } | null = null;

  load(options?: CallOptions): Promise<Result<void>> {
    this.loadCalls++;
    return this.loads.run(options, () => ok(undefined));
  }

  prompt(request: GooglePromptRequest, listener: (moment: GooglePromptMoment) => void): () => void {
    if (this.current) this.current.prompt.cancelled = true;
    const prompt: FakeGooglePrompt = { request, moments: [], cancelled: false };
    this.prompts.push(prompt);
    const entry = { prompt, listener };
    this.current = entry;
    return () => {
      if (prompt.cancelled) return;
      prompt.cancelled = true;
      this.cancels++;
      if (this.current === entry) this.current = null;
    };
  }

  /** The newest prompt's request (throws when nothing was prompted). */
  get lastRequest(): GooglePromptRequest {
    const last = this.prompts.at(-1);
    if (!last) throw new Error('FakeGoogleIdentity: prompt() was never called.');
    return last.request;
  }

  /** True while a prompt is live (asked for, not cancelled or replaced). */
  get prompting(): boolean {
    return this.current !== null && !this.current.prompt.cancelled;
  }

  /**
   * Delivers `moment` to the live prompt's listener, synchronously. Returns false (and delivers
   * nothing) when no prompt is live.
   */
  emit(moment: GooglePromptMoment): boolean {
    const current = this.current;
    if (!current || current.prompt.cancelled) return false;
    current.prompt.moments.push(moment);
    current.listener(moment);
    return true;
  }
}
