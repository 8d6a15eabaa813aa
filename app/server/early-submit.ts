import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * Inline in every page's head, before anything else runs: a form submitted before the app's
 * script made the page interactive (`data-interactive` on `<html>`, set by the root) is held
 * instead of posted — a post reloads an empty /login, losing what was typed — and its index in
 * `document.forms` is noted as `data-early-submit`. The root submits that form again once the page
 * is interactive (`app/src/root.tsx`). The CSP allows exactly this script, by its hash.
 */
export const EARLY_SUBMIT_SCRIPT =
  'addEventListener("submit",function(e){var d=document.documentElement;' +
  'if(!d.hasAttribute("data-interactive")){e.preventDefault();d.setAttribute("data-early-submit",[].indexOf.call(document.forms,e.target))}},true)';

/** The CSP source that allows {@link EARLY_SUBMIT_SCRIPT} and no other inline script. */
export const EARLY_SUBMIT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(EARLY_SUBMIT_SCRIPT).digest('base64')}'`;

/** Puts {@link EARLY_SUBMIT_SCRIPT} into the page template's head (dev, build, and so the pre-rendered /login). */
export function earlySubmitPlugin(): Plugin {
  return {
    name: 'vestibule-early-submit',
    transformIndexHtml: () => [{ tag: 'script', children: EARLY_SUBMIT_SCRIPT, injectTo: 'head' }],
  };
}
