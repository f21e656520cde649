// Reading and focusing the elements of an uncontrolled form: field values never leave the form.
import type { FieldErrorCode } from '../../contract/api';
import type { FieldErrors } from '../../contract/schemas';

export function readFields<K extends string>(
  form: HTMLFormElement,
  names: readonly K[],
): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const name of names) {
    const field = form.elements.namedItem(name);
    // A checkbox reads as its value when ticked and as empty (REQUIRED when it must be) when not.
    values[name] =
      field instanceof HTMLInputElement && (field.type !== 'checkbox' || field.checked)
        ? field.value
        : '';
  }
  return values;
}

/** Focuses the first field, in form order, that has an error; false when none has. */
export function focusFirstInvalid<K extends string>(
  form: HTMLFormElement,
  names: readonly K[],
  errors: FieldErrors<K> | Partial<Record<string, FieldErrorCode>> | undefined,
): boolean {
  const first = names.find((name) => errors?.[name]);
  const element = first ? form.elements.namedItem(first) : null;
  if (!(element instanceof HTMLElement)) return false;
  element.focus();
  return true;
}
