import type { MessageKey } from './namespaces';

export type { MessageKey } from './namespaces';

/** Parameters substituted into `{name}` placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * A message a front end must render: either a catalogue key with parameters, or literal text
 * that came from outside (a provider's error message). Front ends render both as text.
 */
export type MessageRef = { readonly key: MessageKey; readonly params?: MessageParams } | { readonly text: string };
