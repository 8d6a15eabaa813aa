// The inbox page's stylesheet, served as a file of its own so the page needs no inline style
// under the strict CSP (`default-src 'self'`).
export const INBOX_STYLESHEET_PATH = '/__sandbox/inbox.css';

export const INBOX_CSS = `
:root { color-scheme: light dark; font-family: Inter, ui-sans-serif, system-ui, sans-serif; }
body { margin: 0 auto; max-width: 1100px; padding: 24px; line-height: 1.45; }
h1 { font-size: 24px; margin: 0 0 8px; }
h2 { font-size: 18px; margin: 32px 0 8px; }
table { width: 100%; border-collapse: collapse; font-size: 14px; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid #adbcc5; }
th { font-weight: 600; }
td { overflow-wrap: anywhere; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
a { color: #2c6ecb; }
button { font: inherit; padding: 6px 12px; border-radius: 8px; border: 1px solid #adbcc5; cursor: pointer; }
`;
