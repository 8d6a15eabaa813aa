import { describe, expect, it } from 'vitest';
import { mailShortcuts } from './mail-shortcuts';

describe('mail shortcuts', () => {
  it('offers Gmail, Yahoo and Outlook', () => {
    expect(mailShortcuts(null).map((shortcut) => shortcut.provider)).toEqual(['gmail', 'yahoo', 'outlook']);
  });

  it('narrows each search to the sender domain when known', () => {
    for (const shortcut of mailShortcuts('mail.vestibule.test')) {
      expect(decodeURIComponent(shortcut.href)).toContain('from:');
      expect(decodeURIComponent(shortcut.href)).toContain('mail.vestibule.test');
    }
  });

  it('ignores a sender domain that is not a hostname', () => {
    expect(mailShortcuts('evil.example/"><script>')).toEqual(mailShortcuts(null));
  });

  it('always links to https webmail hosts', () => {
    for (const shortcut of [...mailShortcuts(null), ...mailShortcuts('example.com')]) {
      expect(new URL(shortcut.href).protocol).toBe('https:');
    }
  });
});
