import { helpToolsEn, helpToolsKh } from '../../i18n/messages/helpTools';
import type { Words } from '../components/intl/WithWords';

/** Help's tools' words, in their chunk only. */
export const HELP_TOOLS_WORDS: Words = { en: helpToolsEn, kh: helpToolsKh };
