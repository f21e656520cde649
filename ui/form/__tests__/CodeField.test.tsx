import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { CodeField } from '../CodeField';
import { codeDigits } from '../codeText';

function renderForm({ email = '', code = '' } = {}) {
  render(
    <form>
      <label>
        Email <input name="email" type="email" defaultValue={email} />
      </label>
      <CodeField label="Code" hint="Six digits" defaultValue={code} />
      <label>
        Password <input name="password" type="password" />
      </label>
      <button type="submit">Send</button>
    </form>,
  );
  return {
    email: screen.getByLabelText('Email'),
    code: screen.getByLabelText('Code'),
    password: screen.getByLabelText('Password'),
  };
}

it.each([
  ['791860', '791860'],
  ['791 860', '791860'],
  ['791-860', '791860'],
  [' 791 860\n', '791860'],
  ['៧៩១៨៦០', '791860'],
  ['៧៩១ ៨៦០', '791860'],
  ['Code: 791860.', '791860'],
  ['79186012', '791860'],
])('reads %p as the code %p', (text, code) => {
  expect(codeDigits(text)).toBe(code);
});

it.each(['791 860', '791-860', '៧៩១៨៦០'])(
  'takes a pasted %p as six ASCII digits and moves on to the next empty field',
  async (pasted) => {
    const user = userEvent.setup();
    const fields = renderForm({ email: 'dara@example.com' });
    await user.click(fields.code);
    await user.paste(pasted);
    expect(fields.code).toHaveValue('791860');
    expect(fields.password).toHaveFocus();
  },
);

it('replaces what the field held with a pasted code', async () => {
  const user = userEvent.setup();
  const fields = renderForm({ email: 'dara@example.com', code: '12' });
  await user.click(fields.code);
  await user.paste('791 860');
  expect(fields.code).toHaveValue('791860');
});

it('moves on once the sixth digit is typed, to the first empty field after the code', async () => {
  const user = userEvent.setup();
  const fields = renderForm();
  await user.click(fields.code);
  await user.keyboard('79186');
  expect(fields.code).toHaveFocus();
  await user.keyboard('0');
  expect(fields.code).toHaveValue('791860');
  // The email before it is empty too, but the visitor goes on, not back.
  expect(fields.password).toHaveFocus();
});

it('stays when every field after it is filled, and never takes a seventh digit', async () => {
  const user = userEvent.setup();
  const fields = renderForm();
  await user.type(fields.password, 'secret');
  await user.click(fields.code);
  await user.keyboard('7918601');
  expect(fields.code).toHaveValue('791860');
  expect(fields.code).toHaveFocus();
});

it('blocks Enter in the code field, so a whole code does not send the form', async () => {
  const user = userEvent.setup();
  const onSubmit = jest.fn((event: Event) => event.preventDefault());
  const fields = renderForm();
  fields.code.closest('form')!.addEventListener('submit', onSubmit);
  await user.click(fields.code);
  await user.keyboard('791860');
  fields.code.focus();
  await user.keyboard('{Enter}');
  expect(onSubmit).not.toHaveBeenCalled();
  await user.type(fields.password, 'secret{Enter}');
  expect(onSubmit).toHaveBeenCalledTimes(1);
});
