import type { Translator } from '@vestibule/core';
import { useAuthCore } from '../provider';

/** The translator of the current core. */
export function useI18n(): Translator {
  return useAuthCore().i18n;
}
