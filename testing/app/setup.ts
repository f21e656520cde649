// The app's table, handed in first, as each page's entry does.
import '../../src/endpoints';
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` give up after 5 s instead of 1 s. A test's first render of a lazy view
// compiles that view's whole module graph in its Jest worker; while the three suites share two
// cores, that alone has taken longer than a second. A view that never comes still fails the test.
configure({ asyncUtilTimeout: 5000 });
