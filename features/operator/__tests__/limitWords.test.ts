// The console's English words for a limit are the replay's: a record reads the same in both.
import { LIMIT_WORDS, limitWords } from '../../../store/actionLog/serverEvents';
import { operatorEn } from '../operator.messages';

it("says each limit in the replay's words, and no limit the replay does not know", () => {
  const consoleWords = Object.fromEntries(
    Object.entries(operatorEn)
      .filter(([id]) => id.startsWith('operator.limit.'))
      .map(([id, words]) => [id.slice('operator.limit.'.length), words]),
  );
  expect(consoleWords).toEqual(LIMIT_WORDS);
});

it('names a counter it does not know as such, whatever its name', () => {
  expect(limitWords('login-pair')).toBe('for this email from this address');
  for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    expect(limitWords(name)).toBe(`on ${name}`);
  }
});
