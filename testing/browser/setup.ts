// The app's table, handed in first, for the tests that fold logs with the app's own reducers.
import '../../src/endpoints';

// Every browser test may take two minutes: a real Chromium against a real server, on two cores
// shared with the other suites. Jest reads `testTimeout` from the top-level configuration only
// (a project's own is ignored), so the browser project sets its own here.
jest.setTimeout(120_000);
