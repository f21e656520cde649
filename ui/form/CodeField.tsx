import type { ClipboardEvent, InputEvent } from 'react';

import { CODE_LENGTH, CODE_PATTERN } from '../../contract/schemas';
import { NumericInput } from '../NumericInput';

import { codeDigits, nextEmptyField } from './codeText';
import { FieldFrame } from './FieldFrame';

interface CodeFieldProps {
  label: string;
  hint: string;
  error?: string;
  defaultValue?: string;
}

/**
 * Puts `value` in the field as a visitor's edit would, so the form hears of it: through the
 * element's own setter, since React reads a change made through `input.value` as no change.
 */
function setValue(input: HTMLInputElement, value: string) {
  const setNativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  if (setNativeValue) setNativeValue.call(input, value);
  else input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The six-digit `code` field of the activation, reset and email-change forms. Keys follow the
 * numeric input rule; a pasted code keeps only its digits and replaces what was there; once the
 * field holds six digits, the focus moves on to the next empty field.
 */
export function CodeField({ label, hint, error, defaultValue }: CodeFieldProps) {
  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = codeDigits(event.clipboardData.getData('text'));
    if (pasted.length < CODE_LENGTH) return;
    event.preventDefault();
    setValue(event.currentTarget, pasted);
  }

  function handleInput(event: InputEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    if (CODE_PATTERN.test(input.value)) nextEmptyField(input)?.focus();
  }

  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => (
        <NumericInput
          className="input input--code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          defaultValue={defaultValue}
          onPaste={handlePaste}
          onInput={handleInput}
          {...control}
        />
      )}
    </FieldFrame>
  );
}
