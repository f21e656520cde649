// Why an activity log was not sent. Its own module, so the footer can tell it apart without
// loading the upload code (sendLog.ts) before the first send.
import type { RequestError } from '../../store/apiSlice';

export class SendLogError extends Error {
  override name = 'SendLogError';

  constructor(readonly error: RequestError) {
    super(`The activity log was not sent (${error.code}).`);
  }
}
