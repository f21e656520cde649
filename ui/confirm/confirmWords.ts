import { formsEn } from '../form/forms.messages';
import type { Words } from '../intl/WithWords';
import { confirmationEn } from './confirmation.messages';
import { secondFactorEn } from './secondFactor.messages';

/** Confirming it is you: its words, and the second factor's for its code, in home's chunk only. */
export const CONFIRM_WORDS: Words = { ...formsEn, ...secondFactorEn, ...confirmationEn };
