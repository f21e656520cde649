import type { FastifyInstance } from 'fastify';

/**
 * JSON is the only body the API reads (anything else is 415). An empty JSON body is accepted as
 * no body, because the app sends `Content-Type: application/json` on every call, logout included.
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
    // It answers through `done` itself, on success and on failure alike.
    void parseJson(request, text, done);
  });
}
