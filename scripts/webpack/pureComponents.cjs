// A webpack loader for react-router's production build: it marks the module-level
// `React.forwardRef(…)`, `React.memo(…)` and `React.createContext(…)` calls as pure
// (`/* @__PURE__ */`), which they are: each only builds an object, and it drops the module-level
// `X.displayName = "…"` lines, names for React's developer tools that would otherwise keep every
// component alive. The package leaves the calls unmarked, so the minifier kept every component
// and context the app never uses (NavLink, Form, the data router's contexts) and all they reach.
// Hand-written because these two edits are the whole change and no maintained loader makes them
// to a dependency's build.
module.exports = function pureComponents(source) {
  return source
    .replace(
      /^(var [\w$]+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm,
      '$1/* @__PURE__ */ $2',
    )
    .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '');
};
