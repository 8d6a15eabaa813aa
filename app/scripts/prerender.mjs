// After `vite build` and `vite build --ssr src/prerender.tsx`: writes dist/login.html, the built
// index.html with the /login shell rendered into #root, so the form shows before any script runs.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

const { renderLoginShell } = await import(new URL('../dist-ssr/prerender.js', import.meta.url).href);
const template = readFileSync(new URL('../dist/index.html', import.meta.url), 'utf8');
const marker = '<div id="root"></div>';
if (!template.includes(marker)) throw new Error(`dist/index.html has no ${marker} to fill`);
const shell = renderLoginShell();
writeFileSync(new URL('../dist/login.html', import.meta.url), template.replace(marker, `<div id="root">${shell}</div>`));
rmSync(new URL('../dist-ssr', import.meta.url), { recursive: true, force: true });
console.log(`prerendered /login: ${shell.length} characters of HTML`);
