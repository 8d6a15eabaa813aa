import type { AuthError } from '../domain/errors/auth-error';
import { errorMessage } from '../domain/errors/error-catalogue';
import { errorCategory } from '../domain/errors/error-category';
import { retryWindowAfter } from '../domain/retry/retry-countdown';
import type { ProductOutput } from './widget.types';

/**
 * A product's failed Main action, back to Main with what was typed kept: the reason with the
 * field when the provider refused the address itself, else a message for the form (a network,
 * server or rate-limit failure is not bad input: issue 16 §16), and a 429's wait.
 */
export function failedBackToMain(error: AuthError, now: number): Extract<ProductOutput, { readonly type: 'showMain' }> {
  const retry = retryWindowAfter(error, now);
  return {
    type: 'showMain',
    error: errorMessage(error),
    ...(errorCategory(error) === 'input' ? {} : { errorFor: 'form' as const }),
    ...(retry === null ? {} : { retryAt: retry.until }),
  };
}
