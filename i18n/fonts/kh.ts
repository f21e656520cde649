// Khmer's web font (its `font` in contract/languages.ts), fetched with its pack (../loadMessages.ts)
// rather than in the pack's module: the build hands on only a pack's messages, not its imports.
import '@fontsource/noto-sans-khmer/khmer-400.css';
import '@fontsource/noto-sans-khmer/khmer-600.css';
