// The whole endpoint table, in the API reference's order, with each endpoint's line in it: what the
// server answers and docs/openapi.json describes (endpoints.ts assembles the app's part).
import { platformSummaries } from '../contract/platform-endpoints';

import { accountDeletionSummaries } from './account-deletion/endpoints';
import { actionLogSummaries } from './action-logs/endpoints';
import { emailChangeSummaries } from './email-change/endpoints';
import { accountEndpoints } from './endpoints';
import { loginSummaries } from './login/endpoints';
import { operatorEndpoints, operatorSummaries } from './operator/endpoints';
import { passkeySummaries } from './passkeys/endpoints';
import { passwordSummaries } from './password/endpoints';
import { providerEndpoints, providerSummaries } from './providers/endpoints';
import { secondFactorSummaries } from './second-factor/endpoints';
import { signupSummaries } from './signup/endpoints';

export const allEndpoints = { ...accountEndpoints, ...operatorEndpoints, ...providerEndpoints };

export const allSummaries = {
  ...platformSummaries,
  ...accountDeletionSummaries,
  ...actionLogSummaries,
  ...emailChangeSummaries,
  ...loginSummaries,
  ...operatorSummaries,
  ...passkeySummaries,
  ...passwordSummaries,
  ...providerSummaries,
  ...secondFactorSummaries,
  ...signupSummaries,
};
