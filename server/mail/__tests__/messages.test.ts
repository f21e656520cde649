// The words of the mails: numbers in a Khmer sentence are written in Khmer digits, the code as sent.
import { passwordResetMail } from '../account-messages';
import { mailNumber } from '../language';
import { finishSignupMail } from '../messages';

const LINK = 'https://accounts.example/user/reset-password?email=a%40b.co&code=791860';

it('writes the minutes of a Khmer mail in Khmer digits and the code as it is', () => {
  for (const mail of [
    passwordResetMail('km', 'Dara', '791860', 15, LINK),
    finishSignupMail('km', '791860', 15, LINK),
  ]) {
    expect(mail.text).toContain('១៥ នាទី');
    expect(mail.text).toContain('791860');
    expect(mail.subject).toContain('791860');
  }
});

it('writes numbers in ASCII digits in English', () => {
  expect(mailNumber('en', 15)).toBe('15');
  expect(passwordResetMail('en', 'Dara', '791860', 15, LINK).text).toContain(
    'valid for 15 minutes',
  );
});
