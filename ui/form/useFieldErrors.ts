import { useState, type ChangeEvent } from 'react';

import type { FieldErrorCode } from '../../contract/api';
import type { FieldErrors } from '../../contract/schemas';
import { useT } from '../intl/useT';

import { fieldErrorMessage, type FormField } from './fieldErrorMessage';
import { readFields } from './formElements';

/** The client's findings first, then the server's for the fields the client found fine. */
function mergeFieldErrors<K extends string>(
  names: readonly K[],
  client: FieldErrors<K>,
  server: Partial<Record<string, FieldErrorCode>> | undefined,
): FieldErrors<K> {
  const merged: FieldErrors<K> = {};
  for (const name of names) {
    const code = client[name] ?? server?.[name];
    if (code) merged[name] = code;
  }
  return merged;
}

/**
 * The per-field messages of a form: its own validation, and the server's field codes.
 * A field that shows a client error is checked again as it is edited, so the message goes
 * away as soon as the value is right.
 */
export function useFieldErrors<K extends FormField>(
  names: readonly K[],
  validate: (values: Record<K, string>) => FieldErrors<K>,
  serverFields: Partial<Record<string, FieldErrorCode>> | undefined,
) {
  const t = useT();
  const [clientErrors, setClientErrors] = useState<FieldErrors<K>>({});
  const codes = mergeFieldErrors(names, clientErrors, serverFields);
  const messages: Partial<Record<K, string>> = {};
  for (const name of names) {
    const code = codes[name];
    if (!code) continue;
    const { id, values } = fieldErrorMessage(name, code);
    messages[name] = t(id, values);
  }

  function recheckOnChange(event: ChangeEvent<HTMLFormElement>) {
    const shown = names.filter((name) => clientErrors[name]);
    if (shown.length === 0) return;
    const fresh = validate(readFields(event.currentTarget, names));
    const next: FieldErrors<K> = {};
    for (const name of shown) if (fresh[name]) next[name] = fresh[name];
    setClientErrors(next);
  }

  return { messages, setClientErrors, recheckOnChange };
}
