// The product's name (APP_NAME) signs every mail and names its sender by default.
import { loadConfig } from '../../config';
import { composeMail } from '../messages';
import { signMail } from '../signature';

const message = { to: 'dara@example.com', subject: 'Hello', text: 'Line one.', html: '' };

it('defaults to "Accounts", as the sender and the signature', () => {
  const { mail } = loadConfig({});
  expect(mail.appName).toBe('Accounts');
  expect(mail.from).toBe('"Accounts" <no-reply@localhost>');
});

it('takes APP_NAME for the sender, unless MAIL_FROM says otherwise', () => {
  expect(loadConfig({ APP_NAME: 'Pagoda Bank' }).mail).toMatchObject({
    appName: 'Pagoda Bank',
    from: '"Pagoda Bank" <no-reply@localhost>',
  });
  expect(loadConfig({ APP_NAME: 'Pagoda', MAIL_FROM: 'x@pagoda.example' }).mail.from).toBe(
    'x@pagoda.example',
  );
});

it.each(['Pagoda\r\nBcc: all@example.com', 'The "Best"', 'A <b>', 'x'.repeat(61)])(
  'refuses an APP_NAME that could break the sender header: %p',
  (name) => {
    expect(() => loadConfig({ APP_NAME: name })).toThrow(/^Invalid APP_NAME/);
  },
);

it('signs the text and the HTML part, escaped, and leaves the rest as it was', () => {
  const composed = composeMail('en', 'Your code: 791860', ['Hello,', 'Your code is 791860.'], {
    href: 'https://accounts.example/user/verify-account',
    label: 'Activate',
  });
  const signed = signMail({ to: 'dara@example.com', ...composed }, 'Pagoda & Co');
  expect(signed.text).toBe(`${composed.text}\n\n-- \nPagoda & Co`);
  expect(signed.html).toMatch(/<p[^>]*>Pagoda &amp; Co<\/p><\/body><\/html>$/);
  expect(signed.subject).toBe(composed.subject);
  expect(signMail(message, 'Pagoda').html).toBe(
    '<p style="margin:24px 0 0;color:#4b5563">Pagoda</p>',
  );
  expect(signMail({ ...message, html: undefined }, 'Pagoda').html).toBeUndefined();
});
