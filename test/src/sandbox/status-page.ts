// A stand-in for a status page's embed script (SPEC §1), which the app injects 1 s after load
// when it is not framed (app/src/status-script.ts). Harmless and observable: it only marks the
// page's <html> with `data-status-page="operational"`, which tests and a developer can see.

import type { RequestHandler } from 'msw';
import { route } from './routing';

export const SANDBOX_STATUS_SCRIPT_PATH = '/__sandbox/status-page/script.js';

const STATUS_SCRIPT = 'document.documentElement.setAttribute("data-status-page","operational");\n';

export function createStatusPageHandlers(): RequestHandler[] {
  return [
    route(
      'get',
      `*${SANDBOX_STATUS_SCRIPT_PATH}`,
      () => new Response(STATUS_SCRIPT, { headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } }),
    ),
  ];
}
