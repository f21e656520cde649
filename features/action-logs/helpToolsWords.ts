import type { Words } from '../../ui/intl/WithWords';
import { helpToolsEn, helpToolsKh } from './helpTools.messages';

/** Help's tools' words, in their chunk only. */
export const HELP_TOOLS_WORDS: Words = { en: helpToolsEn, kh: helpToolsKh };
