import { describe, expect, it } from 'vitest';
import type { PasswordStrength } from '../../ports/passwords.port';
import { initialPasswordField, passwordFieldTransition, type PasswordFieldEvent, type PasswordFieldState } from './password-field.machine';
import { passwordFieldView } from './password-field.view';
import { ludsShortfall } from '../../domain/passwords/luds';

const verdict = (overrides: Partial<PasswordStrength>): PasswordStrength => ({
  score: 0,
  validPassword: false,
  breachedPassword: false,
  strengthPolicy: 'zxcvbn',
  warning: '',
  suggestions: [],
  ludsRequirements: null,
  ...overrides,
});

function field(events: readonly PasswordFieldEvent[], rule = null as Parameters<typeof passwordFieldTransition>[2]): PasswordFieldState {
  return events.reduce((state, event) => passwordFieldTransition(state, event, rule, 0)[0], initialPasswordField({ withStrength: true, email: 'ada@example.com' }));
}

describe('strength meter (SPEC §5)', () => {
  it.each([
    [0, 1, 'weak'],
    [1, 1, 'weak'],
    [2, 2, 'weak'],
    [3, 3, 'strong'],
    [4, 4, 'strong'],
  ] as const)('score %i fills %i segment(s), %s', (score, filled, tone) => {
    const state = field([{ type: 'passwordChanged', value: 'x' }, { type: 'strengthChecked', value: 'x', strength: verdict({ score }) }]);
    expect(passwordFieldView(state, null).meter).toMatchObject({ filledSegments: filled, tone, score });
  });

  it("follows the device's estimate until the provider answers for this value, then shows the provider's", () => {
    const estimated = field([{ type: 'passwordChanged', value: 'abc' }, { type: 'strengthEstimated', value: 'abc', estimate: { score: 2, warning: 'Short.', suggestions: ['Add a word.'] } }]);
    expect(passwordFieldView(estimated, null).meter).toMatchObject({ score: 2, warning: 'Short.', suggestions: ['Add a word.'], estimatedValue: 'abc' });
    const checked = passwordFieldTransition(estimated, { type: 'strengthChecked', value: 'abc', strength: verdict({ score: 1, warning: 'This is a top-10 common password.' }) }, null, 0)[0];
    expect(passwordFieldView(checked, null).meter).toMatchObject({ score: 1, warning: 'This is a top-10 common password.', estimatedValue: null });
  });

  it('ignores an estimate for a value that is no longer a prefix of the field', () => {
    const state = field([{ type: 'passwordChanged', value: 'abcd' }, { type: 'passwordChanged', value: 'ab' }, { type: 'strengthEstimated', value: 'abcd', estimate: { score: 3, warning: '', suggestions: [] } }]);
    expect(state.estimate).toBeNull();
  });

  it('has no meter for an empty field, and clears its pending work', () => {
    const [state, effects] = passwordFieldTransition(field([{ type: 'passwordChanged', value: 'a' }]), { type: 'passwordChanged', value: '' }, null, 0);
    expect(passwordFieldView(state, null).meter).toBeNull();
    expect(effects).toEqual([
      { type: 'cancel', key: 'strength:check' },
      { type: 'cancel', key: 'strength:debounce' },
      { type: 'cancel', key: 'strength:estimate' },
    ]);
  });

  it('flags a breached password', () => {
    const state = field([{ type: 'passwordChanged', value: 'password1' }, { type: 'strengthChecked', value: 'password1', strength: verdict({ breachedPassword: true }) }]);
    expect(passwordFieldView(state, null)).toMatchObject({ acceptable: false, meter: { breached: true } });
  });

  describe('LUDS', () => {
    const rule = { minimumCount: 8, complexity: 3 };

    it('ticks each check on the device as it is satisfied, before the provider answers', () => {
      const view = (value: string) => passwordFieldView(field([{ type: 'passwordChanged', value }], rule), rule).meter?.luds;
      expect(view('abc')).toEqual({ minimumCount: 8, lengthMet: false, complexity: 3, complexityMet: false });
      expect(view('abcdefgh')).toMatchObject({ lengthMet: true, complexityMet: false });
      expect(view('Abcdefg1')).toMatchObject({ lengthMet: true, complexityMet: true });
    });

    it("uses the provider's requirements once it answered", () => {
      const state = field(
        [{ type: 'passwordChanged', value: 'Abcdefg1' }, { type: 'strengthChecked', value: 'Abcdefg1', strength: verdict({ strengthPolicy: 'luds', ludsRequirements: { missingCharacters: 2, missingComplexity: 0 } }) }],
        rule,
      );
      expect(passwordFieldView(state, rule).meter?.luds).toMatchObject({ lengthMet: false, complexityMet: true });
    });

    it('counts characters as code points and classes as lower, upper, digit, symbol', () => {
      expect(ludsShortfall('😀😀😀', { minimumCount: 4, complexity: 1 })).toEqual({ missingCharacters: 1, missingComplexity: 0 });
      expect(ludsShortfall('aA1!', { minimumCount: 4, complexity: 4 })).toEqual({ missingCharacters: 0, missingComplexity: 0 });
      expect(ludsShortfall('aaaa', { minimumCount: 4, complexity: 2 })).toEqual({ missingCharacters: 0, missingComplexity: 1 });
    });
  });
});
