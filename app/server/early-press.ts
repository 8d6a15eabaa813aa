import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** How long after `load` a page that never became interactive still holds a submit. */
export const EARLY_SUBMIT_HOLD_MS = 5_000;

/**
 * First in every page's head: a press made before the app's script made the page interactive
 * (`data-interactive` on `<html>`, set by the root) is held instead of lost, and carried out once
 * the page is interactive (`app/src/root.tsx`):
 *
 * - a form submit (a post would reload an empty /login, losing what was typed): its index in
 *   `document.forms` is noted as `data-early-submit`, and the root submits that form again;
 * - a press on a pre-rendered `type="button"` (Continue with Google, and the passkey and wallet
 *   buttons to come, which do nothing without the app): its index among the page's buttons is
 *   noted as `data-early-click`, and the root presses it again. The latest press wins.
 *
 * On /login, a visitor with a session cookie (`stytch_session`, which the SDK writes) is not
 * offered the pre-rendered form: `data-session-cookie` on `<html>` hides it (app.css) until the
 * page has checked the session and either moved on or found it gone (issue 16 §15).
 *
 * Stopping the event keeps React, if it is hydrating just then, from handling it a second time.
 * Once the page has been loaded for {@link EARLY_SUBMIT_HOLD_MS} without becoming interactive (its
 * script failed or was blocked), submits post as before: the 303 reloads the page, which tries the
 * script again, and a form hidden for a session cookie shows. The CSP allows exactly this script,
 * by its hash.
 */
export const EARLY_PRESS_SCRIPT =
  '(function(){var t,d=document.documentElement,s="data-session-cookie";' +
  'if(/^\\/login\\/?$/.test(location.pathname)&&/(?:^|; )stytch_session=/.test(document.cookie))d.setAttribute(s,"");' +
  `addEventListener("load",function(){t=Date.now();setTimeout(function(){if(!d.hasAttribute("data-interactive"))d.removeAttribute(s)},${EARLY_SUBMIT_HOLD_MS})});` +
  'function h(e,n,i){e.preventDefault();e.stopPropagation();d.setAttribute(n,i)}' +
  'addEventListener("submit",function(e){' +
  `if(!d.hasAttribute("data-interactive")&&!(Date.now()-t>${EARLY_SUBMIT_HOLD_MS}))h(e,"data-early-submit",[].indexOf.call(document.forms,e.target))},true);` +
  'addEventListener("click",function(e){var b=e.target.closest&&e.target.closest("button[type=button]");' +
  'if(b&&!d.hasAttribute("data-interactive"))h(e,"data-early-click",[].indexOf.call(document.querySelectorAll("button"),b))},true)})()';

/** The CSP source that allows {@link EARLY_PRESS_SCRIPT} and no other inline script. */
export const EARLY_PRESS_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(EARLY_PRESS_SCRIPT).digest('base64')}'`;

/**
 * Puts {@link EARLY_PRESS_SCRIPT} first in the page template's head (dev, build, and so the
 * pre-rendered /login): an inline script after the stylesheet would wait for it, holding the parser.
 */
export function earlyPressPlugin(): Plugin {
  return {
    name: 'vestibule-early-press',
    transformIndexHtml: () => [{ tag: 'script', children: EARLY_PRESS_SCRIPT, injectTo: 'head-prepend' }],
  };
}
