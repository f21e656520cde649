// What webpack provides to the app's code: `process.env.*` replaced at build time
// (DefinePlugin and its mode), and `require` for a module loaded only when a flag is set.
declare const process: { env: Record<string, string | undefined> };
declare function require(id: string): unknown;
