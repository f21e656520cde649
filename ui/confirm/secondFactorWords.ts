import { formsEn } from '../form/forms.messages';
import type { Words } from '../intl/WithWords';
import { secondFactorEn } from './secondFactor.messages';

/** Two-step sign-in's words and those of the forms beyond login, in the chunks of its parts only. */
export const SECOND_FACTOR_WORDS: Words = { ...formsEn, ...secondFactorEn };
