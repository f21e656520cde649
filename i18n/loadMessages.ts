// The message packs: en is bundled with the app, every other pack is its own chunk.
import type { Locale } from '../contract/languages';
import { en } from './messages/en';

export type PackName = Locale;
// Typed as the text the packs hold (and tests use); webpack builds deliver each message already
// parsed into its ICU AST (scripts/webpack/messagesToAst.cjs). IntlProvider takes either form.
export type Messages = Record<string, string>;

const ready: Partial<Record<PackName, Messages>> = { en };
const loading: Partial<Record<PackName, Promise<Messages>>> = {};

const chunks: Record<Exclude<PackName, 'en'>, () => Promise<Partial<Messages>>> = {
  kh: () =>
    Promise.all([
      import(/* webpackChunkName: "locale-kh" */ './messages/kh'),
      import(/* webpackChunkName: "locale-kh" */ './khmerFont'),
    ]).then(([pack]) => pack.kh),
};

/** The pack if it is already in memory, so a view can render it without waiting. */
export function peekMessages(locale: PackName): Messages | undefined {
  return ready[locale];
}

/** A pack with every missing message taken from en; a pack that fails to load means en. */
export function loadMessages(locale: PackName): Promise<Messages> {
  const pack = ready[locale];
  if (pack) return Promise.resolve(pack);
  if (locale === 'en') return Promise.resolve(en);
  loading[locale] ??= chunks[locale]().then(
    (messages) => (ready[locale] = { ...en, ...messages }),
    () => {
      // Not remembered, so the next switch to this language tries the chunk again.
      delete loading[locale];
      return en;
    },
  );
  return loading[locale];
}
