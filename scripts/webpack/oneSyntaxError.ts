// A TypeScript syntax error is reported by ts-loader (`TS1109: Expression expected`, at the
// right line), and then again by webpack's own parser on what ts-loader emitted, as "Module
// parse failed... You may need an additional loader", which sends one looking at the loaders.
// This keeps the first: webpack's parse error is dropped for a module that already has an error.
import type { Compiler } from 'webpack';

const NAME = 'OneSyntaxErrorPlugin';

/** An error as webpack keeps it: a module's carries the module. */
type BuildError = Error & { module?: unknown };

function resourceOf(error: BuildError): string | undefined {
  return (error.module as { resource?: string } | null | undefined)?.resource;
}

/** Of a module's errors, drops webpack's own parse failure when ts-loader said why already. */
function withoutEchoedParseErrors<E extends BuildError>(errors: E[]): E[] {
  const parseFailures = errors.filter((error) => error.name === 'ModuleParseError');
  if (parseFailures.length === 0) return errors;
  const explained = new Set(
    errors
      .filter((error) => error.name !== 'ModuleParseError')
      .map(resourceOf)
      .filter((resource) => resource !== undefined),
  );
  return errors.filter(
    (error) => error.name !== 'ModuleParseError' || !explained.has(resourceOf(error)!),
  );
}

export class OneSyntaxErrorPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processErrors.tap(NAME, withoutEchoedParseErrors);
    });
  }
}
