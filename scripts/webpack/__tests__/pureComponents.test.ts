/**
 * @jest-environment node
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pureComponents = require('../pureComponents.cjs') as (source: string) => string;

describe('pureComponents (the loader for react-router’s production build)', () => {
  it('marks module-level components and contexts pure and drops their display names', () => {
    const source = [
      'var Link = React10.forwardRef(',
      '  function LinkWithRef() {}',
      ');',
      'Link.displayName = "Link";',
      'var RouteContext = React.createContext(null);',
      'RouteContext.displayName = "Route";',
      'var kept = React.useMemo(() => 1);',
      '  inner.displayName = "stays";',
    ].join('\n');
    const out = pureComponents(source);
    expect(out).toContain('var Link = /* @__PURE__ */ React10.forwardRef(');
    expect(out).toContain('var RouteContext = /* @__PURE__ */ React.createContext(null);');
    expect(out).not.toContain('displayName = "Link"');
    expect(out).not.toContain('displayName = "Route"');
    expect(out).toContain('var kept = React.useMemo(() => 1);');
    expect(out).toContain('  inner.displayName = "stays";');
  });

  // A release that writes its build another way would leave the loader doing nothing, and the
  // first load would grow back by about 6 KiB: this fails first.
  it('still finds what to mark in the react-router build installed here', () => {
    const fromRouterDom = createRequire(require.resolve('react-router-dom'));
    const builds = path.dirname(path.dirname(fromRouterDom.resolve('react-router')));
    const production = path.join(builds, 'production');
    const sources = fs
      .readdirSync(production)
      .filter((name) => name.endsWith('.mjs'))
      .map((name) => fs.readFileSync(path.join(production, name), 'utf8'));
    const marked = sources.map(pureComponents).join('\n');
    const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
    expect(count(marked, /= \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/g)).toBeGreaterThanOrEqual(
      3,
    );
    expect(
      count(marked, /= \/\* @__PURE__ \*\/ React\d*\.createContext\(/g),
    ).toBeGreaterThanOrEqual(8);
    expect(count(marked, /^[\w$]+\.displayName = /gm)).toBe(0);
  });
});
