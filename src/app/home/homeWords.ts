import { providersEn } from '../../../features/providers/providers.messages';
import { formsEn } from '../../../ui/form/forms.messages';
import { homeEn } from '../../../ui/home.messages';
import type { Words } from '../../../ui/intl/WithWords';

/** Home's words and those of its forms, in home's chunk only. */
export const HOME_WORDS: Words = { ...formsEn, ...homeEn, ...providersEn };
