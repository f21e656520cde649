// The strength rule both sides run (contract/password-strength.ts), on the examples the contract
// names and on the passwords people build from what they have at hand.
import * as core from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

import { makeStrengthCheck, personalWords } from '../password-strength';

const check = makeStrengthCheck(core, common);
const account = { name: 'Sokha Chan', email: 'sokha.chan@gmail.com', appName: 'Accounts' };

it.each([
  ['aaaaaaaa', 'REPETITIVE_PASSWORD'],
  ['abcabcabcabc', 'REPETITIVE_PASSWORD'],
  ['passwordpassword', 'REPETITIVE_PASSWORD'],
  ['12345678', 'SEQUENTIAL_PASSWORD'],
  ['87654321', 'SEQUENTIAL_PASSWORD'],
  ['abcdefgh', 'SEQUENTIAL_PASSWORD'],
  ['zxcvbnm,./', 'SEQUENTIAL_PASSWORD'],
  ['password1', 'COMMON_PASSWORD'],
  ['P@ssw0rd', 'COMMON_PASSWORD'],
  ['iloveyou2', 'COMMON_PASSWORD'],
  ['19901231', 'COMMON_PASSWORD'],
  ['sokhachan', 'PERSONAL_PASSWORD'],
  ['Sokha2024', 'PERSONAL_PASSWORD'],
  ['sokha@gmail', 'PERSONAL_PASSWORD'],
  ['Chan.Sokha!', 'PERSONAL_PASSWORD'],
  ['accounts123', 'PERSONAL_PASSWORD'],
  ['MyAccounts', 'PERSONAL_PASSWORD'],
])('refuses %j as %s', (password, reason) => {
  expect(check(password, account)).toBe(reason);
});

it.each([
  'correct horse battery',
  'kitten mittens',
  'Tr0ub4dor&3',
  'river of blue mangoes',
  '🙂🐘🍉🚲🌋🎻🧭🪁',
])('takes %j: no composition rules, only how guessable it is', (password) => {
  expect(check(password, account)).toBeUndefined();
});

it('reads the product name it is given', () => {
  expect(check('Angkor2024', { appName: 'Accounts' })).toBeUndefined();
  expect(check('Angkor2024', { appName: 'Angkor' })).toBe('PERSONAL_PASSWORD');
});

it('estimates only the first 32 characters, so a long password costs what a 32-character one does', () => {
  expect(check(`correct horse battery staple ${'1'.repeat(96)}`, account)).toBeUndefined();
  expect(check(`${'ab'.repeat(16)}Xk#9qL!v`, account)).toBe('REPETITIVE_PASSWORD');
});

it('takes the words of the name, the email and the product name', () => {
  expect(
    personalWords({ name: ' Dara  Sok ', email: 'Dara.Sok+x@mail.example.com', appName: 'My App' }),
  ).toEqual(
    expect.arrayContaining([
      'dara sok',
      'dara.sok+x@mail.example.com',
      'dara.sok+x',
      'dara',
      'sok',
      'mail',
      'my app',
      'app',
    ]),
  );
});
