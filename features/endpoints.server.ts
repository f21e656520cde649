// The whole endpoint table, in the API reference's order, with each endpoint's line in it and the
// features' messages by name: what the server answers and docs/openapi.json describes (endpoints.ts
// assembles the app's part).
import { platformSummaries } from '../contract/platform-endpoints';

import { accountDeletionSummaries } from './account-deletion/endpoints';
import * as accountDeletionSchemas from './account-deletion/schemas';
import { actionLogSummaries } from './action-logs/endpoints';
import * as actionLogSchemas from './action-logs/schemas';
import { emailChangeSummaries } from './email-change/endpoints';
import * as emailChangeSchemas from './email-change/schemas';
import { accountEndpoints } from './endpoints';
import { loginSummaries } from './login/endpoints';
import * as loginSchemas from './login/schemas';
import { operatorEndpoints, operatorSummaries } from './operator/endpoints';
import { passkeySummaries } from './passkeys/endpoints';
import * as passkeySchemas from './passkeys/schemas';
import { passwordSummaries } from './password/endpoints';
import * as passwordSchemas from './password/schemas';
import { providerEndpoints, providerSummaries } from './providers/endpoints';
import { secondFactorSummaries } from './second-factor/endpoints';
import * as secondFactorSchemas from './second-factor/schemas';
import { signupSummaries } from './signup/endpoints';
import * as signupSchemas from './signup/schemas';

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

/** The features' own messages, by name: the API reference's components beside the contract's. */
export const allSchemas = {
  ...accountDeletionSchemas,
  ...actionLogSchemas,
  ...emailChangeSchemas,
  ...loginSchemas,
  ...passkeySchemas,
  ...passwordSchemas,
  ...secondFactorSchemas,
  ...signupSchemas,
};
