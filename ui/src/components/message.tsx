import type { MessageRef } from '@vestibule/core';
import { namespacesOf, useI18n } from '../hooks/use-i18n';

/** Renders a message reference as text (server text is never interpreted as HTML). */
export function Message({ message }: { message: MessageRef }) {
  return <>{useI18n(namespacesOf(message)).text(message)}</>;
}
