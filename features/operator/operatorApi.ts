// The operator console's calls: its entries join the table and the app's API when the console's
// chunk loads (a visitor's page carries none of them).
import { injectEntries } from '../../store/apiSlice';

import { operatorEndpoints } from './endpoints';

export const operatorApi = injectEntries(operatorEndpoints);
