import type { Words } from '../../ui/intl/WithWords';
import { helpToolsEn } from './helpTools.messages';

/** Help's tools' words, in their chunk only. */
export const HELP_TOOLS_WORDS: Words = helpToolsEn;
