import type { RequestError } from '../../store/apiSlice';
import { requestErrorText } from '../form/requestErrorMessage';
import type { Translate } from '../intl/useT';

/**
 * A refused second-factor request in words: a wrong code in the words of the code asked for (an
 * authenticator app's, or a recovery code), a factor that is on or off elsewhere by now, or what any
 * form says (a wait, a lost connection).
 */
export function secondFactorErrorText(
  t: Translate,
  error: RequestError | null,
  code: 'app' | 'recovery' = 'app',
): string | null {
  if (!error) return null;
  switch (error.code) {
    case 'INVALID_CODE':
      return t(code === 'app' ? 'secondStep.wrongCode' : 'secondStep.wrongRecoveryCode');
    case 'NOT_FOUND':
      return t('totp.notOn');
    case 'SECOND_FACTOR_ON':
      return t('totp.alreadyOn');
    default:
      return requestErrorText(t, error);
  }
}
