import { confirmationEn, confirmationKh } from '../../i18n/messages/confirmation';
import { formsEn, formsKh } from '../../i18n/messages/forms';
import { secondFactorEn, secondFactorKh } from '../../i18n/messages/secondFactor';
import type { Words } from '../intl/WithWords';

/** Confirming it is you: its words, and the second factor's for its code, in home's chunk only. */
export const CONFIRM_WORDS: Words = {
  en: { ...formsEn, ...secondFactorEn, ...confirmationEn },
  kh: { ...formsKh, ...secondFactorKh, ...confirmationKh },
};
