import { describe, expect, it } from 'vitest';
import { PAINT_FIRST_SCRIPT, paintFirst } from './paint-first';

const ENTRY = 'assets/index-AbC123.js';
const page = (head: string) => `<html><head>${head}</head><body><div id="root"><form></form></div></body></html>`;

describe("the pre-rendered /login's start after its first frame", () => {
  it('fetches the entry at once but runs it from the inline start, which finds it by its link', () => {
    const html = paintFirst(page(`<script type="module" crossorigin src="/${ENTRY}"></script><link rel="modulepreload" crossorigin href="/assets/oauth.slot-X.js">`), ENTRY);
    expect(html).not.toContain(`<script type="module" crossorigin src="/${ENTRY}">`);
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${ENTRY}" data-entry>`);
    expect(html).toContain(`<script type="module">${PAINT_FIRST_SCRIPT}</script>`);
    // The other preloads stay as they were, and only the entry's link is the one the start imports.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/oauth.slot-X.js">');
    const document = new DOMParser().parseFromString(html, 'text/html');
    expect(document.querySelector('link[data-entry]')?.getAttribute('href')).toBe(`/${ENTRY}`);
  });

  it('refuses a page whose entry script is not there, rather than ship a page that never starts', () => {
    expect(() => paintFirst(page('<script type="module" src="/assets/other.js"></script>'), ENTRY)).toThrow(/no entry script/);
  });

  it('names no file, so the CSP hash that allows it is the same for every build', () => {
    expect(PAINT_FIRST_SCRIPT).not.toMatch(/assets\//);
  });
});
