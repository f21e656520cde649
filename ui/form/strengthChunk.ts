// The password-strength chunk: zxcvbn-ts with its common lists, loaded by ./passwordStrength.ts
// when a new password is first typed (never with the first load of a view).
import * as core from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

import { makeStrengthCheck } from '../../contract/password-strength';

export default makeStrengthCheck(core, common);
