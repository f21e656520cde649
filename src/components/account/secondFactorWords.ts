import { secondFactorEn, secondFactorKh } from '../../../i18n/messages/secondFactor';
import type { Words } from '../intl/WithWords';

/** Two-step sign-in's words, in the chunks of its parts only. */
export const SECOND_FACTOR_WORDS: Words = { en: secondFactorEn, kh: secondFactorKh };
