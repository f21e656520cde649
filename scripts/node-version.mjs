// Imported first by the server (server/main.ts) and by `npm start` (build-if-stale.mjs): an older
// Node stops here with one line, before a native module built for a newer one crashes the process.
// Kept in step with package.json's `engines.node`.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 13)) {
  console.error(
    `This server needs Node 22.13 or later (this is Node ${process.versions.node}): run \`source scripts/use-node.sh\` in the project's folder, or install Node 24 from https://nodejs.org.`,
  );
  process.exit(1);
}
