import { helpToolsEn, helpToolsKh } from './helpTools.messages';
import type { Words } from '../../ui/intl/WithWords';

/** Help's tools' words, in their chunk only. */
export const HELP_TOOLS_WORDS: Words = { en: helpToolsEn, kh: helpToolsKh };
