// The server suite's table: every entry handed in before a test file loads, as server/app.ts does.
import { handInEndpoints } from '../../contract/endpoints';
import { allEndpoints, allSchemas, allSummaries } from '../../features/endpoints.server';

handInEndpoints(allEndpoints, allSummaries, allSchemas);
