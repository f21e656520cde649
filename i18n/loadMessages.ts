// The message packs: en is bundled with the app, every other pack is its own chunk, with its
// language's web font when it brings one (contract/languages.ts).
import { languageEntry, type Locale } from '../contract/languages';
import { en } from './messages/en';

export type PackName = Locale;
// Typed as the text the packs hold (and tests use); webpack builds deliver each message already
// parsed into its ICU AST (scripts/webpack/messagesToAst.cjs). IntlProvider takes either form.
export type Messages = Record<string, string>;

const ready: Partial<Record<PackName, Messages>> = { en };
const loading: Partial<Record<PackName, Promise<Messages>>> = {};

/** A pack's chunk: `messages/<pack>.ts`, and `fonts/<pack>.ts` for a language with a web font. */
function packChunk(locale: PackName): Promise<Partial<Messages>> {
  return Promise.all([
    import(/* webpackChunkName: "locale-[request]" */ `./messages/${locale}`) as Promise<
      Record<string, Messages>
    >,
    languageEntry(locale).font
      ? import(/* webpackChunkName: "locale-[request]" */ `./fonts/${locale}`)
      : undefined,
  ]).then(([pack]) => pack[locale] ?? {});
}

/** The pack if it is already in memory, so a view can render it without waiting. */
export function peekMessages(locale: PackName): Messages | undefined {
  return ready[locale];
}

/** A pack with every missing message taken from en; a pack that fails to load means en. */
export function loadMessages(locale: PackName): Promise<Messages> {
  const pack = ready[locale];
  if (pack) return Promise.resolve(pack);
  loading[locale] ??= packChunk(locale).then(
    (messages) => (ready[locale] = { ...en, ...messages }),
    () => {
      // Not remembered, so the next switch to this language tries the chunk again.
      delete loading[locale];
      return en;
    },
  );
  return loading[locale];
}
