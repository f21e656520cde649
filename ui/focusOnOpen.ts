// Where a view puts the focus when it opens: a form view on its first empty field, so a visitor
// can type at once (on the code when the address came filled in from a mail's link); a view that
// is read first (home) on its heading, never on a field below the first screenful; and a form that
// opens on a press, on its field.
import { useEffect, useRef } from 'react';

/** What a visitor types into; buttons, boxes and hidden inputs are not "empty fields". */
export function isFillable(element: Element): element is HTMLInputElement {
  return (
    element instanceof HTMLInputElement &&
    !['hidden', 'checkbox', 'radio', 'submit', 'button', 'reset', 'file'].includes(element.type) &&
    !element.disabled &&
    !element.readOnly
  );
}

/** Focuses the first empty field of `container`'s forms, unless the focus is already somewhere. */
export function focusFirstEmptyField(container: HTMLElement | null) {
  const active = document.activeElement;
  if (!container || (active && active !== document.body)) return;
  const fields = Array.from(container.querySelectorAll('form input')).filter(isFillable);
  fields.find((field) => field.value === '')?.focus();
}

/** Focuses the view's heading (`h1`, focusable by script), unless the focus is already somewhere. */
export function focusHeading(container: HTMLElement | null) {
  const active = document.activeElement;
  if (!container || (active && active !== document.body)) return;
  container.querySelector<HTMLElement>('h1')?.focus();
}

/**
 * A form that opens on a press (a passkey's rename or removal, a second step's code, a setup's
 * code): its first field takes the focus as it mounts, since it is what the visitor came for. Put
 * the ref on the `<form>`.
 */
export function useFocusOnOpen() {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => ref.current?.querySelector('input')?.focus(), []);
  return ref;
}
