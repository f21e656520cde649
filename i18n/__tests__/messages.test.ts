import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { createIntl } from 'react-intl';

import {
  DEFAULT_LOCALE,
  formatLocale,
  languageEntry,
  LOCALES,
  type Locale,
} from '../../contract/languages';
import { helpToolsEn } from '../../features/action-logs/helpTools.messages';
import { operatorEn } from '../../features/operator/operator.messages';
import { passkeyLoginEn, passkeysEn } from '../../features/passkeys/passkeys.messages';
import { resetPasswordEn } from '../../features/password/reset.messages';
import { providerButtonsEn, providersEn } from '../../features/providers/providers.messages';
import { activationEn } from '../../features/signup/activation.messages';
import { signupEn } from '../../features/signup/signup.messages';
import { replayEn } from '../../src/replay/replay.messages';
import { FORMAT_LOCALE } from '../../store/constants';
import { confirmationEn } from '../../ui/confirm/confirmation.messages';
import { secondFactorEn } from '../../ui/confirm/secondFactor.messages';
import { formsEn } from '../../ui/form/forms.messages';
import { homeEn } from '../../ui/home.messages';
import { intlFormats } from '../digits';
import { loadMessages, peekMessages } from '../loadMessages';
import { en } from '../messages/en';
import { kh } from '../messages/kh';

const root = path.join(__dirname, '../..');
const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort();

// The English words: the app's first load, and each part's own, bundled with that part.
const ENGLISH: Array<[string, Record<string, string>]> = [
  ['app', en],
  ['replay page', replayEn],
  ['two-step sign-in', secondFactorEn],
  ['confirming it is you', confirmationEn],
  ['passkeys', passkeysEn],
  ['home', homeEn],
  ['operator console', operatorEn],
  ['login view passkey', passkeyLoginEn],
  ['sign-up', signupEn],
  ['forms beyond login', formsEn],
  ["Help's tools", helpToolsEn],
  ['activation', activationEn],
  ['password reset', resetPasswordEn],
  ['provider buttons', providerButtonsEn],
  ['sign-in providers', providersEn],
];
const english: Record<string, string> = Object.assign({}, ...ENGLISH.map(([, words]) => words));

it('gives each message id one English text, in the app or in one part', () => {
  const ids = ENGLISH.flatMap(([, words]) => Object.keys(words));
  expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
});

const TRANSLATIONS = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

describe.each(TRANSLATIONS)('the %s pack', (locale) => {
  let pack: Record<string, string>;
  beforeAll(async () => {
    pack = ((await import(`../messages/${locale}`)) as Record<string, Record<string, string>>)[
      locale
    ]!;
  });

  it('translates every English message id, and no other', () => {
    const ids = Object.keys(english);
    expect(ids.filter((id) => !(id in pack))).toEqual([]);
    expect(Object.keys(pack).filter((id) => !(id in english))).toEqual([]);
  });

  it('has no empty message', () => {
    for (const text of Object.values(pack)) expect(text.trim()).not.toBe('');
  });

  it.each(ENGLISH)('translates the %s words instead of copying English', (_name, words) => {
    const ids = Object.keys(words);
    const translated = ids.filter((id) => pack[id] !== words[id]);
    expect(translated.length / ids.length).toBeGreaterThan(0.95);
  });

  it('keeps the same placeholders as English', () => {
    for (const id of Object.keys(english)) {
      expect([id, placeholders(pack[id] ?? '')]).toEqual([id, placeholders(english[id]!)]);
    }
  });

  it('has its web font beside it when the language names one', () => {
    expect(existsSync(path.join(root, `i18n/fonts/${locale}.ts`))).toBe(
      languageEntry(locale).font !== undefined,
    );
  });
});

it('writes Khmer in Khmer script', () => {
  const ids = Object.keys(english);
  const khmer = ids.filter((id) => /[\u1780-\u17FF]/.test(kh[id as keyof typeof kh] ?? ''));
  expect(khmer.length / ids.length).toBeGreaterThan(0.95);
});

it('writes a language in its own digits where the list gives it some', () => {
  expect(formatLocale('en')).toBe('en');
  expect(formatLocale('kh')).toBe('km-u-nu-khmr');
});

// `zz` stands for a browser without Khmer locale data, which drops the tag's `-u-nu-khmr`.
it.each([FORMAT_LOCALE.kh, 'zz-u-nu-khmr'])(
  'writes the numbers of Khmer sentences in Khmer digits (%s)',
  (locale) => {
    const intl = createIntl({
      locale,
      formats: intlFormats(locale),
      messages: kh,
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

it('has English ready at once and loads Khmer on demand', async () => {
  expect(peekMessages('en')).toBe(en);
  expect(await loadMessages('en')).toBe(en);
  const khmer = await loadMessages('kh');
  expect(khmer['login.title']).toBe(kh['login.title']);
  expect(khmer['home.title']).toBe(kh['home.title']);
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

it('has one pack per language in i18n/messages/, and nothing else there', () => {
  const packs = readdirSync(path.join(root, 'i18n/messages')).sort();
  expect(packs).toEqual(LOCALES.map((locale: Locale) => `${locale}.ts`).sort());
});

it('has packs that import no code: the build runs them, in the dev server too', () => {
  const packs = [
    ...readdirSync(path.join(root, 'i18n/messages')).map((name) => `i18n/messages/${name}`),
    ...['features', 'ui', 'src'].flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.messages.ts'))
        .map((name) => `${folder}/${name}`),
    ),
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
