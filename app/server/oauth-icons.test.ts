import { readFileSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OAUTH_ICON_PATH } from './security-headers';

// The provider icons Vite serves from app/public at /oauth-icons/<type>.svg (see the folder's
// README.md for their sources). They are loaded as images on the sign-in page, so each must be a
// small, self-contained SVG: nothing that runs, nothing fetched from elsewhere.

const ICON_DIR = fileURLToPath(new URL('../public/oauth-icons/', import.meta.url));

/** Stytch's OAuth provider types that have a button. */
const OAUTH_ICON_TYPES = [
  'google', 'microsoft', 'apple', 'github', 'gitlab', 'facebook', 'discord', 'salesforce', 'slack', 'amazon',
  'bitbucket', 'linkedin', 'coinbase', 'twitch', 'twitter', 'tiktok', 'snapchat', 'figma', 'yahoo',
] as const;

const MAX_BYTES = 3 * 1024;

describe('provider icons (app/public/oauth-icons)', () => {
  it('has exactly one SVG per provider type, and nothing else but the README', () => {
    const files = readdirSync(ICON_DIR).sort();
    expect(files).toEqual([...OAUTH_ICON_TYPES.map((type) => `${type}.svg`), 'README.md'].sort());
  });

  describe.each(OAUTH_ICON_TYPES)('%s.svg', (type) => {
    const file = `${ICON_DIR}${type}.svg`;
    const text = readFileSync(file, 'utf8');

    it('is served under the cached icon path and is under 3 kB', () => {
      expect(OAUTH_ICON_PATH.test(`/oauth-icons/${type}.svg`)).toBe(true);
      expect(statSync(file).size).toBeLessThan(MAX_BYTES);
    });

    it('is a single standalone <svg> root with the SVG namespace and a 24 × 24 viewBox', () => {
      expect(text.trimStart().startsWith('<svg ')).toBe(true);
      expect(text.trimEnd().endsWith('</svg>')).toBe(true);
      expect(text.match(/<svg[\s>]/g)).toHaveLength(1);
      expect(text.match(/<\/svg>/g)).toHaveLength(1);
      const root = /^<svg\b[^>]*>/.exec(text.trimStart())?.[0] ?? '';
      expect(root).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(root).toContain('viewBox="0 0 24 24"');
      expect(text).not.toMatch(/<!DOCTYPE|<!ENTITY|<\?xml-stylesheet/i);
    });

    it('is well-formed markup: every tag closes in order, and there is no other markup', () => {
      // No DOM parser in this project's node environment: a strict tokenizer instead. Each tag is
      // a name and double-quoted attributes; comments, CDATA and processing instructions would not match.
      const tags = [...text.matchAll(/<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<&]*")*)\s*(\/?)>/g)];
      expect(text.split('<').length - 1).toBe(tags.length);
      expect(text).not.toContain('&');
      const stack: string[] = [];
      for (const [, closing, name = '', , selfClosing] of tags) {
        if (closing) expect(stack.pop(), `</${name}>`).toBe(name);
        else if (!selfClosing) stack.push(name);
      }
      expect(stack).toEqual([]);
    });

    it('has no script, style, event handler, foreign content or outside reference', () => {
      expect(text).not.toMatch(/<script/i);
      expect(text).not.toMatch(/<style|\sstyle=/i);
      expect(text).not.toMatch(/\son[a-z]+\s*=/i);
      expect(text).not.toMatch(/<foreignObject|<iframe|<image|<use|<a[\s>]|<animate|<set[\s>]/i);
      expect(text).not.toMatch(/href\s*=\s*["']?\s*(?:https?:|\/\/|data:|javascript:)/i);
      expect(text).not.toMatch(/javascript:/i);
      // The only URL is the namespace; url() may point only into the file itself.
      expect(text.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|\/\//i);
      for (const [reference] of text.matchAll(/url\([^)]*\)/g)) expect(reference).toMatch(/^url\(#[\w-]+\)$/);
    });

    it('paints in a set colour (a brand colour, not currentColor or the black default)', () => {
      expect(text).toMatch(/(?:fill|stroke)="#[0-9A-Fa-f]{3,6}"/);
      expect(text).not.toMatch(/currentColor/);
    });
  });
});
