import { namespaceOf, type MessageKey } from '@vestibule/core';
import { Fragment, type ReactNode } from 'react';
import { useI18n } from '../hooks/use-i18n';

/**
 * Renders a catalogue string whose `{name}` placeholders are replaced by React nodes, e.g. to
 * show the address in bold inside 'An email was sent to {email}'. Each value sits in a `<bdi>`:
 * user text (an address, a name) cannot reorder the sentence around it with bidirectional
 * controls, nor borrow its direction.
 */
export function RichMessage({ id, values }: { id: MessageKey; values: Record<string, ReactNode> }) {
  const template = useI18n([namespaceOf(id)]).t(id);
  const parts = template.split(/(\{\w+\})/);
  return (
    <>
      {parts.map((part, index) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        return <Fragment key={index}>{name !== undefined && name in values ? <bdi>{values[name]}</bdi> : part}</Fragment>;
      })}
    </>
  );
}
