import type { MessageRef } from '../../domain/i18n/message-ref';
import { ludsShortfall, type LudsRule } from '../../domain/passwords/luds';
import { retrySecondsLeft } from '../../domain/retry/retry-window';
import type { PasswordFieldState } from './password-field.machine';

/** SPEC §5 strength feedback for the value in the field. */
export interface StrengthMeterView {
  readonly policy: 'zxcvbn' | 'luds';
  /** zxcvbn's score (0–4) as shown: the provider's for this value, else the device's estimate. */
  readonly score: number;
  /** SPEC §5: score 0–1 fills 1 segment, 2 fills 2 (both weak); 3 fills 3 and 4 fills 4 (strong). */
  readonly filledSegments: 1 | 2 | 3 | 4;
  readonly tone: 'weak' | 'strong';
  readonly warning: string | null;
  readonly suggestions: readonly string[];
  /** The LUDS checks, each ticked once satisfied (LUDS policy with a known rule). */
  readonly luds: {
    readonly minimumCount: number;
    readonly lengthMet: boolean;
    readonly complexity: number;
    readonly complexityMet: boolean;
  } | null;
  /** The provider found this value in a breach. */
  readonly breached: boolean;
  /** The value the device's estimate shown is for (`null` when the provider's verdict is shown). */
  readonly estimatedValue: string | null;
}

/** What a password field renders. */
export interface PasswordFieldView {
  readonly value: string;
  /** `null` for an empty field or one that is not scored. */
  readonly meter: StrengthMeterView | null;
  /** The provider is being asked about this value. */
  readonly checking: boolean;
  /** Why the provider's check could not run (shown with 'could not check' and 'Check again'). */
  readonly checkError: MessageRef | null;
  /** Whole seconds before 'Check again' (429 with `Retry-After`), or `null`. */
  readonly checkRetryInSeconds: number | null;
  /** 'Check again' can be used now. */
  readonly canRetryCheck: boolean;
  /** Strength allows submitting: SPEC §5, only once the provider called this value valid. */
  readonly acceptable: boolean;
}

function segments(score: number): Pick<StrengthMeterView, 'filledSegments' | 'tone'> {
  if (score >= 4) return { filledSegments: 4, tone: 'strong' };
  if (score === 3) return { filledSegments: 3, tone: 'strong' };
  if (score === 2) return { filledSegments: 2, tone: 'weak' };
  return { filledSegments: 1, tone: 'weak' };
}

function meterOf(field: PasswordFieldState, rule: LudsRule | null): StrengthMeterView | null {
  if (!field.withStrength || field.value === '') return null;
  const verdict = field.check?.value === field.value ? field.check.result : null;
  const policy = verdict?.strengthPolicy ?? field.check?.result.strengthPolicy ?? (rule === null ? 'zxcvbn' : 'luds');
  if (policy === 'luds') {
    const shortfall = verdict?.ludsRequirements ?? (rule === null ? null : ludsShortfall(field.value, rule));
    return {
      policy,
      score: verdict?.score ?? 0,
      ...segments(verdict?.score ?? 0),
      warning: null,
      suggestions: [],
      luds:
        rule === null || shortfall === null
          ? null
          : { minimumCount: rule.minimumCount, lengthMet: shortfall.missingCharacters === 0, complexity: rule.complexity, complexityMet: shortfall.missingComplexity === 0 },
      breached: verdict?.breachedPassword ?? false,
      estimatedValue: null,
    };
  }
  const estimate = verdict === null ? field.estimate : null;
  const score = verdict?.score ?? estimate?.result.score ?? 0;
  const warning = verdict?.warning ?? estimate?.result.warning ?? '';
  return {
    policy,
    score,
    ...segments(score),
    warning: warning === '' ? null : warning,
    suggestions: verdict?.suggestions ?? estimate?.result.suggestions ?? [],
    luds: null,
    breached: verdict?.breachedPassword ?? false,
    estimatedValue: estimate?.value ?? null,
  };
}

/** Maps a password field to what it renders. */
export function passwordFieldView(field: PasswordFieldState, rule: LudsRule | null): PasswordFieldView {
  const verdict = field.check?.value === field.value ? field.check.result : null;
  // A check that could not run is no verdict: submit waits for one (SPEC §5).
  const acceptable = field.value !== '' && (!field.withStrength || (verdict?.validPassword ?? false));
  const checkError = field.value === '' ? null : field.checkError;
  const checkRetryInSeconds = checkError === null ? null : retrySecondsLeft(field.checkRetry);
  return {
    value: field.value,
    meter: meterOf(field, rule),
    checking: field.checking,
    checkError,
    checkRetryInSeconds,
    canRetryCheck: checkError !== null && !field.checking && checkRetryInSeconds === null,
    acceptable,
  };
}
