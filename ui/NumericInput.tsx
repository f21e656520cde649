// The numeric input rule (docs/architecture.md, Numeric fields): digits and the decimal point, the editing and
// navigation keys, and the clipboard and select-all shortcuts; every other key is blocked
// without a message.
import type { ComponentProps, KeyboardEvent } from 'react';

const EDITING_KEYS = new Set([
  'Backspace',
  'Tab',
  'ArrowLeft',
  'ArrowRight',
  'Delete',
  'Home',
  'End',
]);
const SHORTCUT_KEYS = new Set(['a', 'c', 'v', 'x']);

export function isAllowedNumericKey(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>,
): boolean {
  if (/^[0-9.]$/.test(event.key)) return true;
  if (EDITING_KEYS.has(event.key)) return true;
  return (event.ctrlKey || event.metaKey) && SHORTCUT_KEYS.has(event.key.toLowerCase());
}

type NumericInputProps = Omit<ComponentProps<'input'>, 'type'>;

export function NumericInput({ onKeyDown, inputMode = 'decimal', ...props }: NumericInputProps) {
  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!isAllowedNumericKey(event)) event.preventDefault();
    onKeyDown?.(event);
  }
  return <input type="text" inputMode={inputMode} {...props} onKeyDown={handleKeyDown} />;
}
