// A webpack loader for the message packs (i18n/messages/*.ts): it runs the pack's module at build
// time and exports each pack with its messages parsed into ICU ASTs, the form react-intl
// documents for production builds ("pre-compiled messages"). With every message already parsed,
// webpack.config.ts swaps the ICU parser for its `no-parser` build and it leaves the bundle.
// Hand-written because formatjs's own compiler (`formatjs compile --ast`) reads JSON files,
// and the packs are typed TypeScript modules.
module.exports = async function messagesToAst() {
  const { parse } = await import('@formatjs/icu-messageformat-parser');
  const pack = await this.importModule(`${this.resourcePath}?source`);
  return Object.entries(pack)
    .map(([name, messages]) => {
      const asts = Object.fromEntries(
        Object.entries(messages).map(([id, text]) => [id, parse(text)]),
      );
      return `export const ${name} = ${JSON.stringify(asts)};`;
    })
    .join('\n');
};
