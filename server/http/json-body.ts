import type { FastifyInstance } from 'fastify';

import { JsonTooDeep, nestsDeeperThan } from './json-depth';

/**
 * JSON is the only body the API reads (anything else is 415). An empty JSON body is accepted as
 * no body, because the app sends `Content-Type: application/json` on every call, logout included.
 * A body nested deeper than MAX_JSON_DEPTH is refused before it is parsed (json-depth.ts says why).
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    if (nestsDeeperThan(text)) {
      done(new JsonTooDeep(), undefined);
      return;
    }
    // It answers through `done` itself, on success and on failure alike.
    void parseJson(request, text, done);
  });
}
