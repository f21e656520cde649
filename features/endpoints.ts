// The endpoint table, assembled from the features' entries (each feature's `endpoints.ts`) and the
// platform's, in the API reference's order. An entry point hands it to the platform
// (`handInEndpoints`): the app the entries it loads with (src/endpoints.ts), the server every one
// (endpoints.server.ts).
import { confirmationEndpoints, operationsEndpoints } from '../contract/platform-endpoints';

import { accountDeletionEndpoints } from './account-deletion/endpoints';
import { actionLogEndpoints } from './action-logs/endpoints';
import { emailChangeEndpoints } from './email-change/endpoints';
import { loginEndpoints, sessionListEndpoints, verifyEndpoints } from './login/endpoints';
import { passkeyEndpoints } from './passkeys/endpoints';
import { passwordEndpoints } from './password/endpoints';
import { providerEndpoints } from './providers/endpoints';
import { secondFactorEndpoints } from './second-factor/endpoints';
import { signupEndpoints } from './signup/endpoints';

/** The account's endpoints: every entry before the operator console's. */
export const accountEndpoints = {
  ...verifyEndpoints,
  ...signupEndpoints,
  ...loginEndpoints,
  ...passwordEndpoints,
  ...emailChangeEndpoints,
  ...accountDeletionEndpoints,
  ...sessionListEndpoints,
  ...secondFactorEndpoints,
  ...passkeyEndpoints,
  ...confirmationEndpoints,
  ...actionLogEndpoints,
  ...operationsEndpoints,
};

/**
 * The entries the app loads with: the operator console's come with its chunk
 * (features/operator/operatorApi.ts), so a visitor's page carries none of them.
 */
export const appEndpoints = { ...accountEndpoints, ...providerEndpoints };
