// Unicode's Bidi_Control property: U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069.
const BIDI_CONTROL = /\p{Bidi_Control}/gu;

/**
 * `text` with each bidirectional control character replaced by a visible mark naming it
 * (`[U+202E]`), so an address, number or name from the visitor or the provider reads in its
 * logical order and the reader sees that something odd is there: `support\u202Emoc.elpmaxe@gmail.com`
 * becomes `support[U+202E]moc.elpmaxe@gmail.com`, not 'supportmoc.liamg@example.com'.
 *
 * For display only: the value itself (sent to the provider, autofilled) is left as it is. The
 * marks are ASCII, so the result holds no bidi control; render it isolated (`<bdi>`) all the same,
 * as right-to-left letters still take their own direction.
 *
 * @param text - Any text, typically an e-mail address, phone number or name.
 * @returns The text, unchanged when it has no bidi control.
 */
export function revealBidiControls(text: string): string {
  return text.replace(BIDI_CONTROL, (control) => `[U+${(control.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`);
}
