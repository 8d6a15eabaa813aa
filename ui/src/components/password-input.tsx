import type { MessageKey, PasswordFieldView, StrengthMeterView } from '@vestibule/core';
import { useEffect, useId, useState, type ReactNode, type Ref } from 'react';
import { useI18n } from '../hooks/use-i18n';
import { Message } from './message';

const NAMESPACES = ['main', 'passwords'] as const;

/** User Timing mark for each device estimate the meter renders (read by `pnpm bench:strength`). */
export const STRENGTH_METER_MARK = 'vestibule:strength-meter';

export interface PasswordInputProps {
  readonly view: PasswordFieldView;
  readonly label: MessageKey;
  /** `new-password` on creation and reset (password managers offer to generate), else `current-password`. */
  readonly autoComplete: 'new-password' | 'current-password';
  readonly onChange: (value: string) => void;
  readonly onFocus?: () => void;
  /** 'Check again' after a strength check that could not run. */
  readonly onRetryCheck?: () => void;
  /** A failure of the form's action, shown under the field. */
  readonly error?: ReactNode;
  /** Put the caret here when the screen opens. */
  readonly autoFocus?: boolean;
  /** The input itself, for the form to focus after a failed submit. */
  readonly inputRef?: Ref<HTMLInputElement>;
}

/**
 * A password field with a show/hide toggle and, when the value is scored, the SPEC §5 strength
 * feedback: the four-segment meter (zxcvbn) or the two LUDS checks, and the breach warning.
 */
export function PasswordInput({ view, label, autoComplete, onChange, onFocus, onRetryCheck, error, autoFocus = false, inputRef }: PasswordInputProps) {
  const i18n = useI18n(NAMESPACES);
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const feedbackId = `${id}-feedback`;
  const errorId = `${id}-error`;
  const checkErrorId = `${id}-check-error`;
  const { meter } = view;
  const describedBy = [error ? errorId : '', view.checkError ? checkErrorId : '', view.meter ? feedbackId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className="vb-field">
      <label className="vb-label" htmlFor={id}>
        {i18n.t(label)}
      </label>
      <div className="vb-password">
        <input
          ref={inputRef}
          id={id}
          className="vb-input vb-password__input"
          type={revealed ? 'text' : 'password'}
          name="password"
          autoComplete={autoComplete}
          autoCapitalize="off"
          spellCheck={false}
          // Only when the visitor just asked for this screen (Main's Continue), never on page load.
          autoFocus={autoFocus}
          value={view.value}
          aria-invalid={error || (meter && meter.breached) ? true : undefined}
          aria-describedby={describedBy}
          onFocus={onFocus}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="vb-password__toggle"
          aria-controls={id}
          aria-pressed={revealed}
          onClick={() => setRevealed((shown) => !shown)}
        >
          {i18n.t('password.show')}
        </button>
      </div>
      {meter && (
        // Polite: the verdict (weak or strong, breached, the LUDS checks) is announced as it changes,
        // without interrupting the typing (issue 16 §17).
        <div id={feedbackId} className="vb-strength" aria-live="polite">
          <StrengthFeedback meter={meter} />
        </div>
      )}
      {view.checkError && (
        // SPEC §5 keeps submit disabled without a verdict: say the check did not run, why, and
        // offer it again (held by the countdown after a 429, as every other call is).
        <div className="vb-field-error">
          <p id={checkErrorId} role="alert">
            {i18n.t('password.checkFailed')} <Message message={view.checkError} />
          </p>
          {onRetryCheck && (
            <button type="button" className="vb-link" disabled={!view.canRetryCheck} onClick={onRetryCheck}>
              {view.checkRetryInSeconds !== null ? i18n.t('common.retryIn', { seconds: view.checkRetryInSeconds }) : i18n.t('password.checkAgain')}
            </button>
          )}
        </div>
      )}
      {error && (
        <p id={errorId} className="vb-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function StrengthFeedback({ meter }: { meter: StrengthMeterView }) {
  const i18n = useI18n(NAMESPACES);
  // Marks each device estimate once it is on screen: the strength bench pairs them with keystrokes.
  useEffect(() => {
    if (meter.estimatedValue !== null && typeof performance !== 'undefined' && typeof performance.mark === 'function') {
      performance.mark(STRENGTH_METER_MARK, { detail: { length: meter.estimatedValue.length } });
    }
  }, [meter.estimatedValue]);

  if (meter.policy === 'luds') {
    return (
      <>
        {meter.luds && (
          <ul className="vb-luds">
            <LudsCheck met={meter.luds.lengthMet} text={i18n.t('password.ludsLength', { count: meter.luds.minimumCount })} />
            <LudsCheck met={meter.luds.complexityMet} text={i18n.t('password.ludsComplexity', { count: meter.luds.complexity })} />
          </ul>
        )}
        {meter.breached && <p className="vb-field-error">{i18n.t('password.breached')}</p>}
      </>
    );
  }
  const strength = i18n.t(meter.tone === 'strong' ? 'password.strengthStrong' : 'password.strengthWeak');
  return (
    <>
      <div
        className={`vb-meter vb-meter--${meter.tone}`}
        role="meter"
        aria-label={i18n.t('password.strength')}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={meter.score}
        aria-valuetext={strength}
        data-filled={meter.filledSegments}
      >
        {[1, 2, 3, 4].map((segment) => (
          <span key={segment} className={segment <= meter.filledSegments ? 'vb-meter__segment vb-meter__segment--filled' : 'vb-meter__segment'} />
        ))}
      </div>
      <p className="vb-strength__label">{strength}</p>
      {meter.breached ? (
        <p className="vb-field-error">{i18n.t('password.breached')}</p>
      ) : (
        (meter.warning !== null || meter.suggestions.length > 0) && (
          <ul className="vb-strength__hints">
            {meter.warning !== null && <li>{meter.warning}</li>}
            {meter.suggestions.map((suggestion) => (
              <li key={suggestion}>{suggestion}</li>
            ))}
          </ul>
        )
      )}
    </>
  );
}

function LudsCheck({ met, text }: { met: boolean; text: string }) {
  const i18n = useI18n(NAMESPACES);
  return (
    <li className={met ? 'vb-luds__check vb-luds__check--met' : 'vb-luds__check'}>
      <span aria-hidden="true">{met ? '✓' : '○'}</span> <span className="vb-visually-hidden">{i18n.t(met ? 'password.ludsMet' : 'password.ludsMissing')}</span> {text}
    </li>
  );
}
