/**
 * The pre-rendered /login's way of starting its app: the entry is fetched at once (a
 * `<link rel="modulepreload" data-entry>`, which fetches and compiles it but runs nothing), and this
 * inline module script, which runs once the document is parsed, imports it after the page's first
 * frame. With a plain `<script type="module" src>` the entry runs (React, the core: a long task of
 * about 190 ms at 4× CPU throttling) right after parsing, before the browser's first frame, so the
 * form already in the HTML stayed unpainted until it ended. A hidden page paints no frames
 * (`requestAnimationFrame` waits until it is shown), so it starts the app at once. The CSP allows
 * exactly this script by its hash (app/server/security-headers.ts); it names no file, so the hash
 * does not change with builds. Shared by the pre-renderer (scripts/prerender.mjs, through
 * src/prerender.tsx) and the server, like route-paths.ts.
 */
export const PAINT_FIRST_SCRIPT =
  'const e=document.querySelector("link[data-entry]").href,s=()=>import(e);' +
  'document.visibilityState==="hidden"?s():requestAnimationFrame(()=>setTimeout(s,0))';

/**
 * `html` with its entry script (`<script type="module" crossorigin src="/<entryFile>">`) replaced by
 * a modulepreload of the same file and {@link PAINT_FIRST_SCRIPT}. Throws when the page has no such
 * script, so a changed template cannot silently ship a page that never starts.
 */
export function paintFirst(html: string, entryFile: string): string {
  const script = `<script type="module" crossorigin src="/${entryFile}"></script>`;
  if (!html.includes(script)) throw new Error(`The page has no entry script ${script} to start after its first frame`);
  return html.replace(script, () => `<link rel="modulepreload" crossorigin href="/${entryFile}" data-entry>\n    <script type="module">${PAINT_FIRST_SCRIPT}</script>`);
}
