import { loadBundledNamespace } from './catalogue-sources';
import { BASE_LOCALE } from './locale';
import type { MessageOverrides, MessageText, NamespaceId } from './namespaces';

const ACCENTED: Readonly<Record<string, string>> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ĺ', m: 'ɱ',
  n: 'ñ', o: 'ó', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'ú', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ĺ', M: 'Ṁ',
  N: 'Ñ', O: 'Ó', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ú', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

function pseudoText(text: string): string {
  // Placeholders stay intact so parameters still fill them.
  const parts = text.split(/(\{\w+\})/);
  const accented = parts.map((part) => (/^\{\w+\}$/.test(part) ? part : part.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter))).join('');
  // About a third longer, as many languages are: layouts must survive it.
  const padding = '~'.repeat(Math.max(1, Math.round(text.length * 0.35)));
  return `⟦${accented} ${padding}⟧`;
}

/** The pseudo-locale's version of an English message: accented, lengthened and bracketed. */
export function pseudoLocalize(message: MessageText): MessageText {
  if (typeof message === 'string') return pseudoText(message);
  const forms: Record<string, string> = {};
  for (const [category, text] of Object.entries(message)) forms[category] = pseudoText(text);
  return { ...forms, other: pseudoText(message.other) };
}

/** A namespace of the pseudo-locale: the English one, every message pseudo-localised. */
export async function pseudoNamespace(namespace: NamespaceId): Promise<MessageOverrides | undefined> {
  const english = await loadBundledNamespace(BASE_LOCALE, namespace);
  if (!english) return undefined;
  return Object.fromEntries(Object.entries(english).map(([key, text]) => [key, text === undefined ? text : pseudoLocalize(text)])) as MessageOverrides;
}
