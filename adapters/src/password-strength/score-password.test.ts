import zxcvbn from 'zxcvbn';
import { describe, expect, it, vi } from 'vitest';
import { MAX_SCORED_LENGTH, capPassword, scorePassword, toLocalEstimate, type ZxcvbnFunction } from './score-password';

const result = (score: number, warning = '', suggestions: string[] = []) => ({ score, feedback: { warning, suggestions } });

describe('capPassword', () => {
  it('leaves a password of up to MAX_SCORED_LENGTH characters as it is', () => {
    expect(MAX_SCORED_LENGTH).toBe(24);
    expect(capPassword('')).toBe('');
    expect(capPassword('password1')).toBe('password1');
    const exactly = 'x'.repeat(MAX_SCORED_LENGTH);
    expect(capPassword(exactly)).toBe(exactly);
  });

  it('keeps the first MAX_SCORED_LENGTH characters of a longer one', () => {
    const long = 'q8#Vn2!xR7@pL4$kT9^mW3&zB6*hJ1(dF5)sG0_cY8+eN2=uA7~oI4|rK9%tE3';
    expect(capPassword(long)).toBe(long.slice(0, MAX_SCORED_LENGTH));
    expect(capPassword(long)).toHaveLength(MAX_SCORED_LENGTH);
    expect(capPassword('abcdef', 4)).toBe('abcd');
  });

  it('never ends in half a surrogate pair', () => {
    // '😀' is two code units; the cap would fall between them.
    const password = `${'a'.repeat(MAX_SCORED_LENGTH - 1)}😀tail`;
    expect(capPassword(password)).toBe('a'.repeat(MAX_SCORED_LENGTH - 1));
    expect(capPassword(`${'a'.repeat(MAX_SCORED_LENGTH - 2)}😀tail`)).toBe(`${'a'.repeat(MAX_SCORED_LENGTH - 2)}😀`);
  });
});

describe('toLocalEstimate', () => {
  it('maps score, warning and suggestions', () => {
    expect(toLocalEstimate(result(1, 'This is a top-100 common password', ['Add another word or two. Uncommon words are better.']))).toEqual({
      score: 1,
      warning: 'This is a top-100 common password',
      suggestions: ['Add another word or two. Uncommon words are better.'],
    });
    expect(toLocalEstimate(result(4))).toEqual({ score: 4, warning: '', suggestions: [] });
  });

  it('clamps the score to an integer from 0 to 4', () => {
    expect(toLocalEstimate(result(-1)).score).toBe(0);
    expect(toLocalEstimate(result(7)).score).toBe(4);
    expect(toLocalEstimate(result(2.6)).score).toBe(3);
    expect(toLocalEstimate(result(Number.NaN)).score).toBe(0);
  });

  it('reads a malformed feedback as none', () => {
    const malformed = { score: 2, feedback: { warning: 3, suggestions: ['ok', 4] } } as unknown as Parameters<typeof toLocalEstimate>[0];
    expect(toLocalEstimate(malformed)).toEqual({ score: 2, warning: '', suggestions: ['ok'] });
    expect(toLocalEstimate({ score: 0 } as unknown as Parameters<typeof toLocalEstimate>[0])).toEqual({ score: 0, warning: '', suggestions: [] });
  });

  it('copies the suggestions, so the estimate does not share zxcvbn’s array', () => {
    const suggestions = ['a'];
    const estimate = toLocalEstimate(result(0, '', suggestions));
    suggestions.push('b');
    expect(estimate.suggestions).toEqual(['a']);
  });
});

describe('scorePassword', () => {
  it('scores the capped password with the user inputs and maps the result', () => {
    const fake = vi.fn<ZxcvbnFunction>(() => result(3, '', []));
    const long = 'x'.repeat(100);
    expect(scorePassword(fake, long, ['someone@example.com'])).toEqual({ score: 3, warning: '', suggestions: [] });
    expect(fake).toHaveBeenCalledWith('x'.repeat(MAX_SCORED_LENGTH), ['someone@example.com']);
  });

  it('gives zxcvbn a mutable copy of the user inputs', () => {
    const inputs = Object.freeze(['a@example.com']);
    const fake = vi.fn<ZxcvbnFunction>((_password, userInputs) => {
      userInputs?.push('mutated');
      return result(0);
    });
    scorePassword(fake, 'pw', inputs);
    expect(inputs).toEqual(['a@example.com']);
  });

  it('with the real zxcvbn: the 20 bench passwords score the same capped as whole', () => {
    // strength-bench-passwords.json (shared/research), the ones longer than the cap.
    const long = [
      'correct horse battery staple',
      'my cat fluffy is 12 years old',
      'Mary had a little lamb whose fleece was white',
      'Winter is coming and the nights are long in 2024!',
      'The quick brown fox jumps over the lazy dog near the riverbank!!',
      'q8#Vn2!xR7@pL4$kT9^mW3&zB6*hJ1(dF5)sG0_cY8+eN2=uA7~oI4|rK9%tE3',
    ];
    for (const password of long) expect(scorePassword(zxcvbn, password, []).score, password).toBe(zxcvbn(password).score);
    expect(scorePassword(zxcvbn, 'password1', [])).toMatchObject({ score: 0 });
  });

  it('with the real zxcvbn: the e-mail address counts as guessable', () => {
    const email = 'fluffy.bunny@example.com';
    expect(scorePassword(zxcvbn, 'fluffy.bunny@example.com', [email]).score).toBeLessThan(scorePassword(zxcvbn, 'fluffy.bunny@example.com', []).score);
  });
});
