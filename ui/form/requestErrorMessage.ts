import type { MessageId } from '../../i18n/messages/en';
import type { RequestError, RequestErrorCode } from '../../store/apiSlice';
import { SUPPORT_CONTACT } from '../../store/constants';
import type { Translate } from '../intl/useT';

const MESSAGES: Record<RequestErrorCode, MessageId> = {
  VALIDATION: 'requestError.validation',
  RATE_LIMITED: 'requestError.rateLimited',
  INVALID_CODE: 'requestError.invalidCode',
  PASSWORD_NOT_CHOSEN: 'requestError.passwordNotChosen',
  INVALID_CREDENTIALS: 'requestError.invalidCredentials',
  ACCOUNT_NOT_ACTIVATED: 'requestError.accountNotActivated',
  INVALID_TOKEN: 'requestError.invalidToken',
  INVALID_TICKET: 'requestError.invalidToken',
  INVALID_CREDENTIAL: 'requestError.unexpected',
  NOT_FOUND: 'requestError.unexpected',
  SECOND_FACTOR_ON: 'requestError.unexpected',
  PASSKEY_LIMIT: 'requestError.unexpected',
  METHOD_NOT_ALLOWED: 'requestError.unexpected',
  PAYLOAD_TOO_LARGE: 'requestError.unexpected',
  UNSUPPORTED_MEDIA_TYPE: 'requestError.unexpected',
  BAD_REQUEST: 'requestError.unexpected',
  REQUEST_TIMEOUT: 'requestError.timeout',
  SERVICE_UNAVAILABLE: 'requestError.server',
  INTERNAL: 'requestError.server',
  UNKNOWN_CREDENTIAL: 'passkeyLogin.unknown',
  CONFIRMATION_REQUIRED: 'requestError.confirmationRequired',
  ACCOUNT_LOCKED: 'requestError.accountLocked',
  FORBIDDEN: 'requestError.forbidden',
  ACCOUNT_EXISTS: 'requestError.unexpected',
  EMAIL_NOT_VERIFIED: 'requestError.unexpected',
  LAST_WAY_IN: 'requestError.unexpected',
  PROVIDER_FAILED: 'requestError.unexpected',
  PROVIDER_CANCELLED: 'requestError.unexpected',
  IDENTITY_TAKEN: 'requestError.unexpected',
  INVALID_HANDOFF: 'requestError.unexpected',
  NETWORK: 'requestError.network',
  TIMEOUT: 'requestError.timeout',
  UNEXPECTED: 'requestError.unexpected',
};

/** The sentence for a failed request; a code this app does not know reads as unexpected. */
export function requestErrorMessage(code: string): MessageId {
  return Object.hasOwn(MESSAGES, code)
    ? MESSAGES[code as RequestErrorCode]
    : 'requestError.unexpected';
}

/** The sentence for a failed request; a refusal that says when to retry tells the visitor when. */
export function requestErrorText(
  t: Translate,
  error: Pick<RequestError, 'code' | 'retryAfterSeconds'>,
) {
  if (error.code === 'RATE_LIMITED' && error.retryAfterSeconds) {
    return t('requestError.rateLimitedFor', { minutes: Math.ceil(error.retryAfterSeconds / 60) });
  }
  if (error.code === 'ACCOUNT_LOCKED')
    return t('requestError.accountLocked', { contact: SUPPORT_CONTACT });
  return t(requestErrorMessage(error.code));
}

/**
 * The same for a request that sends a mailed code: refused for too many tries, a typed code waits
 * for nothing, but the link in the latest mail still gets through.
 */
export function codeRequestErrorText(
  t: Translate,
  error: Pick<RequestError, 'code' | 'retryAfterSeconds'>,
) {
  return error.code === 'RATE_LIMITED'
    ? t('requestError.codeBudgetSpent')
    : requestErrorText(t, error);
}
