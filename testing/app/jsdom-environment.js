// jsdom lacks the WHATWG fetch stack; hand Node's own to it so RTK Query's fetchBaseQuery
// runs for real in component and store tests (AbortController must match fetch's own).
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'Blob',
  'BroadcastChannel',
  'crypto',
];

class JsdomWithNodeFetch extends TestEnvironment {
  async setup() {
    await super.setup();
    for (const name of FROM_NODE) {
      if (globalThis[name] !== undefined) {
        Object.defineProperty(this.global, name, {
          value: globalThis[name],
          writable: true,
          configurable: true,
        });
      }
    }
  }
}

module.exports = JsdomWithNodeFetch;
