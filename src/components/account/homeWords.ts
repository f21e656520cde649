import { homeEn, homeKh } from '../../../i18n/messages/home';
import type { Words } from '../intl/WithWords';

/** Home's words, in home's chunk only. */
export const HOME_WORDS: Words = { en: homeEn, kh: homeKh };
