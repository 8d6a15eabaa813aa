import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** How long after `load` a page that never became interactive still holds a submit. */
export const EARLY_SUBMIT_HOLD_MS = 5_000;

/**
 * First in every page's head: a form submitted before the app's script made the page interactive
 * (`data-interactive` on `<html>`, set by the root) is held instead of posted — a post reloads an
 * empty /login, losing what was typed — and its index in `document.forms` is noted as
 * `data-early-submit`. The root submits that form again once the page is interactive
 * (`app/src/root.tsx`); stopping the event keeps React, if it is hydrating just then, from
 * handling it a second time. Once the page has been loaded for {@link EARLY_SUBMIT_HOLD_MS} without
 * becoming interactive (its script failed or was blocked), submits post as before: the 303 reloads
 * the page, which tries the script again. The CSP allows exactly this script, by its hash.
 */
export const EARLY_SUBMIT_SCRIPT =
  '(function(){var t;addEventListener("load",function(){t=Date.now()});' +
  'addEventListener("submit",function(e){var d=document.documentElement;' +
  `if(!d.hasAttribute("data-interactive")&&!(Date.now()-t>${EARLY_SUBMIT_HOLD_MS})){e.preventDefault();e.stopPropagation();` +
  'd.setAttribute("data-early-submit",[].indexOf.call(document.forms,e.target))}},true)})()';

/** The CSP source that allows {@link EARLY_SUBMIT_SCRIPT} and no other inline script. */
export const EARLY_SUBMIT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(EARLY_SUBMIT_SCRIPT).digest('base64')}'`;

/**
 * Puts {@link EARLY_SUBMIT_SCRIPT} first in the page template's head (dev, build, and so the
 * pre-rendered /login): an inline script after the stylesheet would wait for it, holding the parser.
 */
export function earlySubmitPlugin(): Plugin {
  return {
    name: 'vestibule-early-submit',
    transformIndexHtml: () => [{ tag: 'script', children: EARLY_SUBMIT_SCRIPT, injectTo: 'head-prepend' }],
  };
}
