// The Khmer web font, fetched with the kh pack (loadMessages.ts) rather than in the pack's module:
// the build hands on only a pack's messages (scripts/webpack/messagesToAst.cjs), not its imports.
import '@fontsource/noto-sans-khmer/khmer-400.css';
import '@fontsource/noto-sans-khmer/khmer-600.css';
