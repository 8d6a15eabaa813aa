/** A project's LUDS rule (SPEC §3 bootstrap `passwordConfig`). */
export interface LudsRule {
  /** Characters a password needs at least. */
  readonly minimumCount: number;
  /** Character classes (lowercase, uppercase, digit, symbol) it needs at least. */
  readonly complexity: number;
}

/** What a password still lacks under a {@link LudsRule}, as the provider reports it. */
export interface LudsShortfall {
  readonly missingCharacters: number;
  readonly missingComplexity: number;
}

// Counted in code points, like the provider, so an emoji is one character, not two.
const CLASSES: readonly RegExp[] = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}\s]/u];

/**
 * The LUDS check computed on the device (instant feedback while the provider's check is on its
 * way; the provider still decides).
 */
export function ludsShortfall(password: string, rule: LudsRule): LudsShortfall {
  const length = [...password].length;
  const classes = CLASSES.filter((pattern) => pattern.test(password)).length;
  return { missingCharacters: Math.max(0, rule.minimumCount - length), missingComplexity: Math.max(0, rule.complexity - classes) };
}
