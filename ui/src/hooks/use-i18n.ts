import { namespaceOf, type MessageRef, type NamespaceId, type Translator } from '@vestibule/core';
import { createContext, useContext } from 'react';
import { useAuthCore } from '../provider';

/** The translator of the widget (or page) below it; the core's default when none is set. */
export const TranslatorContext = createContext<Translator | null>(null);

const MAIN: readonly NamespaceId[] = ['main'];



/**
 * The current translator, with `namespaces` loaded: a component that renders strings of a
 * namespace not yet in memory suspends (to the nearest `<Suspense>`) until it has arrived.
 */
export function useI18n(namespaces: readonly NamespaceId[] = MAIN): Translator {
  const core = useAuthCore();
  const translator = useContext(TranslatorContext) ?? core.i18n;
  // Suspends by throwing the pending load (the same promise while it is pending), which React
  // retries when it settles. Not `use()`: a component that suspended with `use()` must call it
  // again on every later render, and most renders here have nothing to wait for.
  if (!translator.isReady(namespaces)) throw translator.load(namespaces);
  return translator;
}

/** The namespaces a message reference needs (none for literal provider text). */
export function namespacesOf(message: MessageRef): readonly NamespaceId[] {
  return 'key' in message ? [namespaceOf(message.key)] : [];
}
