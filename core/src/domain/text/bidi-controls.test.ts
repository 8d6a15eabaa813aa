import { describe, expect, it } from 'vitest';
import { revealBidiControls } from './bidi-controls';

// Issue 16 §2: an address with a right-to-left override displays as another address.
const HOSTILE_EMAIL = 'support\u202emoc.elpmaxe@gmail.com';
const ANY_BIDI_CONTROL = /\p{Bidi_Control}/u;

describe('revealBidiControls', () => {
  it('shows the override in the hostile address as a mark, the rest in logical order', () => {
    const shown = revealBidiControls(HOSTILE_EMAIL);
    expect(shown).toBe('support[U+202E]moc.elpmaxe@gmail.com');
    expect(shown).not.toMatch(ANY_BIDI_CONTROL);
  });

  it('marks every bidi control Unicode lists (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069)', () => {
    const controls = ['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
    for (const control of controls) {
      const code = control.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      expect(revealBidiControls(`a${control}b`)).toBe(`a[U+${code}]b`);
    }
  });

  it('marks isolates and overrides in a phone number', () => {
    expect(revealBidiControls('+1\u2067555\u2069\u202e0100')).toBe('+1[U+2067]555[U+2069][U+202E]0100');
  });

  it('leaves text without bidi controls as it is, right-to-left scripts included', () => {
    for (const text of ['ada@example.com', '+12015550123', 'אבי@דוגמה.ישראל', 'محمد', '']) expect(revealBidiControls(text)).toBe(text);
  });

  it('does not mark other invisible characters it was not asked about (zero-width joiner in a name)', () => {
    expect(revealBidiControls('क्\u200dष')).toBe('क्\u200dष');
  });
});
