import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { createIntl } from 'react-intl';

import { helpToolsEn, helpToolsKh } from '../../features/action-logs/helpTools.messages';
import { operatorEn, operatorKh } from '../../features/operator/operator.messages';
import {
  passkeyLoginEn,
  passkeyLoginKh,
  passkeysEn,
  passkeysKh,
} from '../../features/passkeys/passkeys.messages';
import { resetPasswordEn, resetPasswordKh } from '../../features/password/reset.messages';
import {
  providerButtonsEn,
  providerButtonsKh,
  providersEn,
  providersKh,
} from '../../features/providers/providers.messages';
import { activationEn, activationKh } from '../../features/signup/activation.messages';
import { signupEn, signupKh } from '../../features/signup/signup.messages';
import { FORMAT_LOCALE } from '../../store/constants';
import { intlFormats } from '../digits';
import { loadMessages, peekMessages } from '../loadMessages';
import { en } from '../messages/en';
import { formsEn, formsKh } from '../messages/forms';
import { homeEn, homeKh } from '../messages/home';
import { kh } from '../messages/kh';
import { replayEn, replayKh } from '../messages/replay';
import { secondFactorEn, secondFactorKh } from '../messages/secondFactor';

const KHMER_SCRIPT = /[\u1780-\u17FF]/;
const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort();

// The app's packs, and the replay page's own words (bundled with that page only).
const PAIRS: Array<[string, Record<string, string>, Record<string, string>]> = [
  ['app', en, kh],
  ['replay page', replayEn, replayKh],
  ['two-step sign-in', secondFactorEn, secondFactorKh],
  ['passkeys', passkeysEn, passkeysKh],
  ['home', homeEn, homeKh],
  ['operator console', operatorEn, operatorKh],
  ['login view passkey', passkeyLoginEn, passkeyLoginKh],
  ['sign-up', signupEn, signupKh],
  ['forms beyond login', formsEn, formsKh],
  ["Help's tools", helpToolsEn, helpToolsKh],
  ['activation', activationEn, activationKh],
  ['password reset', resetPasswordEn, resetPasswordKh],
  ['provider buttons', providerButtonsEn, providerButtonsKh],
  ['sign-in providers', providersEn, providersKh],
];

describe.each(PAIRS)('the %s words', (_name, english, khmer) => {
  it('has every message id in both languages', () => {
    expect(Object.keys(khmer).sort()).toEqual(Object.keys(english).sort());
  });

  it('has no empty message', () => {
    for (const pack of [english, khmer]) {
      for (const text of Object.values(pack)) expect(text.trim()).not.toBe('');
    }
  });

  it('translates Khmer instead of copying English', () => {
    const ids = Object.keys(english);
    const translated = ids.filter(
      (id) => khmer[id] !== english[id] && KHMER_SCRIPT.test(khmer[id] ?? ''),
    );
    expect(translated.length / ids.length).toBeGreaterThan(0.95);
  });

  it('keeps the same placeholders in both languages', () => {
    for (const id of Object.keys(english)) {
      expect([id, placeholders(khmer[id] ?? '')]).toEqual([id, placeholders(english[id]!)]);
    }
  });
});

// `zz` stands for a browser without Khmer locale data, which drops the tag's `-u-nu-khmr`.
it.each([FORMAT_LOCALE.kh, 'zz-u-nu-khmr'])(
  'writes the numbers of Khmer sentences in Khmer digits (%s)',
  (locale) => {
    const intl = createIntl({
      locale,
      formats: intlFormats(locale),
      messages: { ...kh, ...formsKh },
      onError: () => {},
    });
    const sentences = [
      intl.formatMessage({ id: 'field.newPassword.hint' }, { min: 8 }),
      intl.formatMessage({ id: 'fieldError.tooShort' }, { min: 8 }),
      intl.formatMessage({ id: 'fieldError.tooLong' }, { max: 128 }),
      intl.formatMessage({ id: 'requestError.rateLimitedFor' }, { minutes: 15 }),
      intl.formatMessage({ id: 'resend.wait' }, { seconds: 42 }),
    ];
    expect(sentences.join(' ')).toMatch(/៨.*៨.*១២៨.*១៥.*៤២/);
    expect(sentences.join(' ')).not.toMatch(/[0-9]/);
  },
);

it("keeps the replay page's, two-step sign-in's, passkeys' and other views' words out of the app pack", () => {
  const own = [
    replayEn,
    secondFactorEn,
    passkeysEn,
    homeEn,
    operatorEn,
    passkeyLoginEn,
    signupEn,
    activationEn,
    resetPasswordEn,
    formsEn,
    helpToolsEn,
  ].flatMap((pack) => Object.keys(pack));
  for (const id of own) {
    expect(Object.keys(en)).not.toContain(id);
  }
});

it('has English ready at once and loads Khmer on demand', async () => {
  expect(peekMessages('en')).toBe(en);
  expect(await loadMessages('en')).toBe(en);
  const khmer = await loadMessages('kh');
  expect(khmer['login.title']).toBe(kh['login.title']);
  expect(peekMessages('kh')).toBe(khmer);
});

it('falls back to English for each message the Khmer pack lacks', async () => {
  jest.resetModules();
  jest.doMock('../messages/kh', () => ({ kh: { 'login.title': 'ចូល' } }));
  const fresh = await import('../loadMessages');
  const messages = await fresh.loadMessages('kh');
  expect(messages['login.title']).toBe('ចូល');
  expect(messages['login.intro']).toBe(en['login.intro']);
  expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
  jest.dontMock('../messages/kh');
});

it('falls back to English when the Khmer pack cannot be loaded, and tries again later', async () => {
  jest.resetModules();
  jest.doMock('../messages/kh', () => {
    throw new Error('chunk failed');
  });
  const fresh = await import('../loadMessages');
  expect(await fresh.loadMessages('kh')).toEqual(en);
  expect(fresh.peekMessages('kh')).toBeUndefined();
  jest.dontMock('../messages/kh');
  expect((await fresh.loadMessages('kh'))['login.title']).toBe(kh['login.title']);
});

it('has packs that import no code: the build runs them, in the dev server too', () => {
  const root = path.join(__dirname, '../..');
  const packs = [
    ...readdirSync(path.join(root, 'i18n/messages')).map((name) => `i18n/messages/${name}`),
    ...readdirSync(path.join(root, 'features'), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.messages.ts'))
      .map((name) => `features/${name}`),
  ];
  expect(packs.length).toBeGreaterThan(10);
  // Every `import … from` or `export … from` statement, over lines, but `import type`.
  const CODE_IMPORT = /^(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+['"][^'"]+['"]/gm;
  const importsOfCode = packs.flatMap((pack) =>
    [...readFileSync(path.join(root, pack), 'utf8').matchAll(CODE_IMPORT)].map(
      ([statement]) => `${pack}: ${statement}`,
    ),
  );
  expect(importsOfCode).toEqual([]);
});
