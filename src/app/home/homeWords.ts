import { providersEn, providersKh } from '../../../features/providers/providers.messages';
import { formsEn, formsKh } from '../../../i18n/messages/forms';
import { homeEn, homeKh } from '../../../i18n/messages/home';
import type { Words } from '../../../ui/intl/WithWords';

/** Home's words and those of its forms, in home's chunk only. */
export const HOME_WORDS: Words = {
  en: { ...formsEn, ...homeEn, ...providersEn },
  kh: { ...formsKh, ...homeKh, ...providersKh },
};
