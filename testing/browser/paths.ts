import path from 'node:path';

import { REPO_ROOT } from '../processes';

const DEFAULT_DIST_DIR = path.join(REPO_ROOT, 'dist');
/** The build the server serves; DIST_DIR may name another one, which is then never rebuilt. */
export const DIST_DIR = process.env.DIST_DIR
  ? path.resolve(process.env.DIST_DIR)
  : DEFAULT_DIST_DIR;
export const IS_DEFAULT_DIST_DIR = DIST_DIR === DEFAULT_DIST_DIR;
