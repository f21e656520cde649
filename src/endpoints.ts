// The app's endpoint table, handed to the platform before any of it loads: each page's entry
// imports this first (the store's API is built from the table as its module loads).
import { handInEndpoints } from '../contract/endpoints';
import { appEndpoints } from '../features/endpoints';

handInEndpoints(appEndpoints);
