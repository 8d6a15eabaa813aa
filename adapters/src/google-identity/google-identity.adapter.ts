import {
  authError,
  fail,
  ok,
  type AuthError,
  type CallOptions,
  type GoogleIdentityPort,
  type GooglePromptMoment,
  type GooglePromptRequest,
  type Result,
} from '@vestibule/core';

/** Google's script; the sandbox serves an emulation at `/__sandbox/gsi/client`. */
export const GOOGLE_IDENTITY_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

/**
 * The parts of Google's PromptMomentNotification this adapter reads. Every method is optional:
 * with FedCM, Google deprecated most of them and may stop providing them.
 */
export interface GooglePromptNotification {
  getMomentType?(): string;
  isDisplayMoment?(): boolean;
  isDisplayed?(): boolean;
  isNotDisplayed?(): boolean;
  getNotDisplayedReason?(): string | undefined;
  isSkippedMoment?(): boolean;
  getSkippedReason?(): string | undefined;
  isDismissedMoment?(): boolean;
  getDismissedReason?(): string | undefined;
}

/** The `google.accounts.id` surface used here (Google Identity Services). */
export interface GoogleAccountsId {
  initialize(config: Record<string, unknown>): void;
  prompt(listener?: (notification: GooglePromptNotification) => void): void;
  cancel(): void;
}

/** A window as far as this adapter cares: where Google's script puts its API. */
export interface GoogleIdentityWindow {
  google?: { accounts?: { id?: GoogleAccountsId } };
}

export interface GoogleIdentityOptions {
  readonly scriptUrl?: string;
  /** Defaults to the global `document` (read when first needed). */
  readonly document?: Document;
  /** Defaults to the global `window` (read when first needed). */
  readonly window?: GoogleIdentityWindow;
}

const UNKNOWN_REASON = 'unknown_reason';

/** What an aborted call resolves to, as every adapter answers it. */
const aborted = (): Result<void> => fail(authError('timeout', { cause: 'aborted' }));

/** Google's notification as a port moment, or null for one the port does not report. */
export function toPromptMoment(notification: GooglePromptNotification): GooglePromptMoment | null {
  const reason = (read: (() => string | undefined) | undefined): string => read?.call(notification) || UNKNOWN_REASON;
  if (notification.isNotDisplayed?.() === true) return { type: 'notDisplayed', reason: reason(notification.getNotDisplayedReason) };
  if (notification.isSkippedMoment?.() === true) return { type: 'skipped', reason: reason(notification.getSkippedReason) };
  if (notification.isDismissedMoment?.() === true) return { type: 'dismissed', reason: reason(notification.getDismissedReason) };
  if (notification.isDisplayMoment?.() === true || notification.isDisplayed?.() === true) {
    return notification.isDisplayed?.() === false ? { type: 'notDisplayed', reason: reason(notification.getNotDisplayedReason) } : { type: 'displayed' };
  }
  // Only the moment type is left to go by (the others are gone under FedCM).
  switch (notification.getMomentType?.()) {
    case 'display':
      return { type: 'displayed' };
    case 'skipped':
      return { type: 'skipped', reason: reason(notification.getSkippedReason) };
    case 'dismissed':
      return { type: 'dismissed', reason: reason(notification.getDismissedReason) };
    default:
      return null;
  }
}

/**
 * Google Identity Services behind {@link GoogleIdentityPort}: loads Google's script on demand (one
 * `<script async>`, shared by concurrent loads, removed after a failure so a later load retries)
 * and shows One Tap with the settings Stytch's SDK uses (no auto-select, FedCM unless embedded).
 */
export function createGoogleIdentity(options: GoogleIdentityOptions = {}): GoogleIdentityPort {
  const scriptUrl = options.scriptUrl ?? GOOGLE_IDENTITY_SCRIPT_URL;
  const getWindow = (): GoogleIdentityWindow | undefined => options.window ?? (globalThis as { window?: GoogleIdentityWindow }).window;
  const getDocument = (): Document | undefined => options.document ?? (globalThis as { document?: Document }).document;
  const accountsId = (): GoogleAccountsId | undefined => getWindow()?.google?.accounts?.id;

  let loading: Promise<Result<void>> | null = null;
  /** Mutes the moments of the prompt before this one: Google shows one prompt at a time. */
  let muteCurrent: () => void = () => undefined;

  function insertScript(): Promise<Result<void>> {
    const document = getDocument();
    if (!document) return Promise.resolve(fail(authError('unexpected', { cause: 'Google Identity Services needs a document.' })));
    return new Promise((resolve) => {
      const script = document.createElement('script');
      const settle = (result: Result<void>) => {
        script.onload = null;
        script.onerror = null;
        if (!result.ok) {
          // A later load inserts a fresh element and tries again.
          script.remove();
          loading = null;
        }
        resolve(result);
      };
      script.onload = () => {
        settle(accountsId() ? ok(undefined) : fail(authError('invalid_response', { cause: `${scriptUrl} loaded without google.accounts.id.` })));
      };
      script.onerror = () => settle(fail(networkUnreachable()));
      script.src = scriptUrl;
      script.async = true;
      document.head.append(script);
    });
  }

  const networkUnreachable = (): AuthError => authError('network_unreachable', { cause: `${scriptUrl} could not be loaded.` });

  return {
    load(callOptions?: CallOptions): Promise<Result<void>> {
      const signal = callOptions?.signal;
      if (signal?.aborted === true) return Promise.resolve(aborted());
      if (accountsId()) return Promise.resolve(ok(undefined));
      loading ??= insertScript();
      const shared = loading;
      if (!signal) return shared;
      // Abandoning the wait leaves the script loading for others (and a later load).
      return new Promise((resolve) => {
        const onAbort = () => resolve(aborted());
        signal.addEventListener('abort', onAbort, { once: true });
        void shared.then((result) => {
          signal.removeEventListener('abort', onAbort);
          resolve(result);
        });
      });
    },

    prompt(request: GooglePromptRequest, listener: (moment: GooglePromptMoment) => void): () => void {
      muteCurrent();
      let live = true;
      const mute = () => {
        live = false;
      };
      muteCurrent = mute;
      const emit = (moment: GooglePromptMoment) => {
        if (live) listener(moment);
      };
      // Later, as Google's moments arrive: the caller holds the cancel function first.
      const notDisplayed = () => queueMicrotask(() => emit({ type: 'notDisplayed', reason: UNKNOWN_REASON }));
      const id = accountsId();
      if (!id) {
        notDisplayed();
      } else {
        try {
          id.initialize({
            client_id: request.clientId,
            callback: (response: unknown) => {
              const credential = typeof response === 'object' && response !== null ? (response as { credential?: unknown }).credential : undefined;
              if (typeof credential === 'string') emit({ type: 'credential', credential });
            },
            auto_select: false,
            context: 'use',
            itp_support: true,
            // Embedded prompts need Google's legacy iframe; FedCM cannot be placed in a parent.
            use_fedcm_for_prompt: request.parentId === null,
            cancel_on_tap_outside: request.cancelOnTapOutside,
            ...(request.parentId === null ? {} : { prompt_parent_id: request.parentId }),
          });
          id.prompt((notification) => {
            const moment = toPromptMoment(notification);
            if (moment) emit(moment);
          });
        } catch {
          // A script that breaks on its own API means no prompt; the page offers its button instead.
          notDisplayed();
        }
      }
      return () => {
        if (!live) return;
        mute();
        try {
          accountsId()?.cancel();
        } catch {
          // Nothing left to cancel.
        }
      };
    },
  };
}
