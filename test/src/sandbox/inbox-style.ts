// The inbox page's stylesheet, served as a file of its own so the page needs no inline style
// under the strict CSP (`default-src 'self'`). The provider page shares it.
export const INBOX_STYLESHEET_PATH = '/__sandbox/inbox.css';

/** Below this width the record tables stack their columns (issue 16: 375 px scrolled sideways). */
const STACK_BELOW = '760px';

export const INBOX_CSS = `
:root { color-scheme: light dark; font-family: Inter, ui-sans-serif, system-ui, sans-serif; }
body { margin: 0 auto; max-width: 1100px; padding: 24px; line-height: 1.45; }
h1 { font-size: 24px; margin: 0 0 8px; }
h2 { font-size: 18px; margin: 32px 0 8px; }
table { width: 100%; border-collapse: collapse; font-size: 14px; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid #adbcc5; }
th { font-weight: 600; }
/* Tokens, links and addresses are long unbroken words: they wrap anywhere rather than widen the page. */
td, p, a, code, button, label { overflow-wrap: anywhere; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
tr.message-text > td { padding: 8px 12px 12px; }
a { color: #2c6ecb; }
button { font: inherit; padding: 6px 12px; border-radius: 8px; border: 1px solid #adbcc5; cursor: pointer; max-width: 100%; text-align: left; }
input { font: inherit; padding: 6px 8px; max-width: 100%; box-sizing: border-box; }
label { display: block; margin: 0 0 4px; }
form[role="search"] { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-end; }
form[role="search"] label { flex-basis: 100%; margin: 0; }
form[role="search"] input { flex: 1 1 12em; min-width: 0; }
ul.accounts { list-style: none; padding: 0; margin: 8px 0 0; display: grid; gap: 8px; }
ul.accounts button { width: 100%; }
@media (max-width: ${STACK_BELOW}) {
  body { padding: 16px; }
  table.records, table.records tbody, table.records tr, table.records td { display: block; }
  /* The headers move in front of each value; off screen, not display:none, so they still name the columns. */
  table.records thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  table.records tr { padding: 8px 0; border-bottom: 1px solid #adbcc5; }
  table.records td { border-bottom: 0; padding: 2px 0; }
  table.records td[data-label]::before { content: attr(data-label) ": "; font-weight: 600; }
  table.records tr.message-text { padding-top: 0; }
  table.records tr.message-text > td { padding: 4px 0 0; }
  /* The control API: path, then methods, then what, one under the other. */
  table.api thead { display: none; }
  table.api tr { display: block; padding: 8px 0; border-bottom: 1px solid #adbcc5; }
  table.api td { display: block; border-bottom: 0; padding: 0; }
  table.api td:first-child { font-weight: 600; }
}
`;
