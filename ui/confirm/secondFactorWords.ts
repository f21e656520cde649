import { formsEn, formsKh } from '../../i18n/messages/forms';
import { secondFactorEn, secondFactorKh } from '../../i18n/messages/secondFactor';
import type { Words } from '../intl/WithWords';

/** Two-step sign-in's words and those of the forms beyond login, in the chunks of its parts only. */
export const SECOND_FACTOR_WORDS: Words = {
  en: { ...formsEn, ...secondFactorEn },
  kh: { ...formsKh, ...secondFactorKh },
};
