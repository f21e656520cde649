import { operatorEn, operatorKh } from '../../i18n/messages/operator';
import type { Words } from '../components/intl/WithWords';

/** The console's words, in the console's chunk only. */
export const OPERATOR_WORDS: Words = { en: operatorEn, kh: operatorKh };
