import { render, screen } from '@testing-library/react';

import { NumericInput } from '../NumericInput';

type Modifier = 'none' | 'ctrl' | 'meta' | 'shift' | 'alt';

function pressOn(input: HTMLElement, key: string, modifier: Modifier): boolean {
  const event = new KeyboardEvent('keydown', {
    key,
    bubbles: true,
    cancelable: true,
    ctrlKey: modifier === 'ctrl',
    metaKey: modifier === 'meta',
    shiftKey: modifier === 'shift',
    altKey: modifier === 'alt',
  });
  input.dispatchEvent(event);
  return event.defaultPrevented;
}

const allowed: Array<[string, Modifier]> = [
  ...'0123456789.'.split('').map((key): [string, Modifier] => [key, 'none']),
  ['Backspace', 'none'],
  ['Tab', 'none'],
  ['Tab', 'shift'],
  ['ArrowLeft', 'none'],
  ['ArrowRight', 'none'],
  ['Delete', 'none'],
  ['Home', 'none'],
  ['End', 'none'],
  ['a', 'ctrl'],
  ['c', 'ctrl'],
  ['v', 'ctrl'],
  ['x', 'ctrl'],
  ['a', 'meta'],
  ['c', 'meta'],
  ['v', 'meta'],
  ['x', 'meta'],
  ['V', 'ctrl'],
];

const blocked: Array<[string, Modifier]> = [
  ['a', 'none'],
  ['e', 'none'],
  ['E', 'shift'],
  ['-', 'none'],
  ['+', 'none'],
  [',', 'none'],
  [' ', 'none'],
  ['ArrowUp', 'none'],
  ['ArrowDown', 'none'],
  ['Enter', 'none'],
  ['Escape', 'none'],
  ['z', 'ctrl'],
  ['b', 'meta'],
  ['p', 'ctrl'],
  ['v', 'alt'],
  ['v', 'shift'],
  ['١', 'none'],
];

function renderInput() {
  render(<NumericInput aria-label="Amount" />);
  return screen.getByLabelText('Amount');
}

it.each(allowed)('lets %j with %s through', (key, modifier) => {
  expect(pressOn(renderInput(), key, modifier)).toBe(false);
});

it.each(blocked)('blocks %j with %s', (key, modifier) => {
  expect(pressOn(renderInput(), key, modifier)).toBe(true);
});

it('asks for a decimal keyboard unless told otherwise', () => {
  render(
    <>
      <NumericInput aria-label="Amount" />
      <NumericInput aria-label="Code" inputMode="numeric" />
    </>,
  );
  expect(screen.getByLabelText('Amount')).toHaveAttribute('inputmode', 'decimal');
  expect(screen.getByLabelText('Code')).toHaveAttribute('inputmode', 'numeric');
});

it("still calls the caller's own key handler", () => {
  const onKeyDown = jest.fn();
  render(<NumericInput aria-label="Amount" onKeyDown={onKeyDown} />);
  pressOn(screen.getByLabelText('Amount'), '7', 'none');
  expect(onKeyDown).toHaveBeenCalledTimes(1);
});
