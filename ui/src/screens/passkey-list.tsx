import type { PasskeyListView, PasskeyRegistrationEvent, PasskeyRowView } from '@vestibule/core';
import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { Message } from '../components/message';
import { UserText } from '../components/user-text';
import { useI18n } from '../hooks/use-i18n';

const NAMESPACES = ['main', 'passkey-registration'] as const;

type Send = (event: PasskeyRegistrationEvent) => void;

/** The row's name: the user's own text, isolated (bidi controls shown, its direction kept to itself). */
function PasskeyName({ id, name }: { readonly id: string; readonly name: string }) {
  return (
    <p className="vb-text" id={id}>
      <strong>
        <UserText value={name} />
      </strong>
    </p>
  );
}

/** A row being renamed: the name in a field, Save and Cancel; Escape cancels too. */
function EditingRow({ row, nameId, send }: { readonly row: Extract<PasskeyRowView, { mode: 'editing' }>; readonly nameId: string; readonly send: Send }) {
  const i18n = useI18n(NAMESPACES);
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // Edit moved here: the field takes focus, so typing starts at once.
  useEffect(() => inputRef.current?.focus(), []);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'saveClicked' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    send({ type: 'cancelClicked' });
  };
  return (
    <form className="vb-form" noValidate onSubmit={onSubmit}>
      <PasskeyName id={nameId} name={row.name} />
      <div className="vb-field">
        <label className="vb-label" htmlFor={inputId}>
          {i18n.t('passkeyRegistration.nameLabel')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="vb-input"
          type="text"
          autoComplete="off"
          value={row.newName}
          readOnly={row.saving}
          aria-invalid={row.error !== null || undefined}
          aria-describedby={row.error === null ? undefined : errorId}
          onChange={(event) => send({ type: 'nameChanged', value: event.target.value })}
          onKeyDown={onKeyDown}
        />
        {row.error !== null && (
          <p className="vb-field-error" id={errorId} role="alert">
            <Message message={row.error} />
          </p>
        )}
      </div>
      <button type="submit" className="vb-button vb-button--primary" disabled={row.saving} aria-busy={row.saving || undefined}>
        {i18n.t(row.saving ? 'passkeyRegistration.saving' : 'passkeyRegistration.save')}
      </button>
      <button type="button" className="vb-button vb-button--secondary" disabled={row.saving} onClick={() => send({ type: 'cancelClicked' })}>
        {i18n.t('passkeyRegistration.cancel')}
      </button>
    </form>
  );
}

/** A row whose deletion is asked for: SPEC §2's warning, the confirmation and Cancel (focused: the safe choice). */
function DeletingRow({ row, nameId, send }: { readonly row: Extract<PasskeyRowView, { mode: 'deleting' }>; readonly nameId: string; readonly send: Send }) {
  const i18n = useI18n(NAMESPACES);
  const warningId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <div className="vb-form" role="group" aria-labelledby={`${nameId} ${warningId}`}>
      <PasskeyName id={nameId} name={row.name} />
      <p className="vb-banner vb-banner--error" id={warningId}>
        {i18n.t('passkeyRegistration.deleteWarning')}
      </p>
      <button
        type="button"
        className="vb-button vb-button--primary"
        disabled={row.removing}
        aria-busy={row.removing || undefined}
        aria-describedby={warningId}
        onClick={() => send({ type: 'deleteConfirmed' })}
      >
        {i18n.t(row.removing ? 'passkeyRegistration.deleting' : 'passkeyRegistration.delete')}
      </button>
      <button ref={cancelRef} type="button" className="vb-button vb-button--secondary" disabled={row.removing} onClick={() => send({ type: 'cancelClicked' })}>
        {i18n.t('passkeyRegistration.cancel')}
      </button>
    </div>
  );
}

/**
 * One passkey (SPEC §3 row): its name with Edit and Delete, or its editing or deleting state.
 * Coming back to viewing, focus returns to the control that left it: Edit after Save or Cancel,
 * Delete after a cancelled (or failed) deletion.
 */
function PasskeyRow({ row, send }: { readonly row: PasskeyRowView; readonly send: Send }) {
  const i18n = useI18n(NAMESPACES);
  const nameId = useId();
  const editRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const previousMode = useRef(row.mode);
  useEffect(() => {
    const left = previousMode.current;
    previousMode.current = row.mode;
    if (row.mode !== 'viewing' || left === 'viewing') return;
    (left === 'editing' ? editRef : deleteRef).current?.focus();
  }, [row.mode]);
  let content;
  if (row.mode === 'editing') content = <EditingRow row={row} nameId={nameId} send={send} />;
  else if (row.mode === 'deleting') content = <DeletingRow row={row} nameId={nameId} send={send} />;
  else {
    content = (
      <>
        <PasskeyName id={nameId} name={row.name} />
        {/* The name describes each Edit and Delete, so a screen reader tells the rows' buttons apart. */}
        <p className="vb-text">
          <button ref={editRef} type="button" className="vb-link" disabled={row.disabled} aria-describedby={nameId} onClick={() => send({ type: 'editClicked', id: row.id })}>
            {i18n.t('passkeyRegistration.edit')}
          </button>{' '}
          <button ref={deleteRef} type="button" className="vb-link" disabled={row.disabled} aria-describedby={nameId} onClick={() => send({ type: 'deleteClicked', id: row.id })}>
            {i18n.t('passkeyRegistration.delete')}
          </button>
        </p>
      </>
    );
  }
  return <li className="vb-form">{content}</li>;
}

/**
 * The user's passkeys on the success screen: loading, the failure with Try again, or the rows.
 * After a deletion the row's controls are gone: focus moves to the list itself.
 */
export function PasskeyList({ list, labelledBy, send }: { readonly list: PasskeyListView; readonly labelledBy: string; readonly send: Send }) {
  const i18n = useI18n(NAMESPACES);
  // The list, or the text saying it is empty once the last passkey went.
  const listRef = useRef<HTMLElement>(null);
  const rows = list.status === 'loaded' ? list.rows : null;
  const removing = useRef<string | null>(null);
  useEffect(() => {
    const pending = removing.current;
    removing.current = rows?.find((row) => row.mode === 'deleting')?.id ?? null;
    if (pending !== null && rows !== null && !rows.some((row) => row.id === pending)) listRef.current?.focus();
  }, [rows]);

  if (list.status === 'loading') {
    return (
      <p className="vb-screen vb-screen--centered vb-text" role="status" aria-busy="true">
        <span className="vb-spinner" aria-hidden="true" />
        {i18n.t('passkeyRegistration.loading')}
      </p>
    );
  }
  if (list.status === 'failed') {
    return (
      <>
        <p className="vb-banner vb-banner--error" role="alert">
          <Message message={list.message} />
        </p>
        <button type="button" className="vb-button vb-button--secondary" disabled={!list.canRetry} onClick={() => send({ type: 'listRetryClicked' })}>
          {list.retryInSeconds === null ? i18n.t('common.tryAgain') : i18n.t('common.retryIn', { seconds: list.retryInSeconds })}
        </button>
      </>
    );
  }
  if (list.rows.length === 0) {
    return (
      <p ref={(element) => void (listRef.current = element)} className="vb-text vb-text--muted" tabIndex={-1}>
        {i18n.t('passkeyRegistration.empty')}
      </p>
    );
  }
  return (
    <ul ref={(element) => void (listRef.current = element)} className="vb-mail-links" aria-labelledby={labelledBy} tabIndex={-1}>
      {list.rows.map((row) => (
        <PasskeyRow key={row.id} row={row} send={send} />
      ))}
    </ul>
  );
}
