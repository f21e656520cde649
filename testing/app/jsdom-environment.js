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

/**
 * Node's BroadcastChannel, with every channel a test file opened closed when the file ends, as a
 * browser closes a page's channels with the page: an open one keeps Node's event loop, and so the
 * test run, alive after its last test.
 */
function closingBroadcastChannel(open) {
  return class PageBroadcastChannel extends globalThis.BroadcastChannel {
    constructor(name) {
      super(name);
      open.add(this);
    }

    close() {
      open.delete(this);
      super.close();
    }
  };
}

class JsdomWithNodeFetch extends TestEnvironment {
  openChannels = new Set();

  async setup() {
    await super.setup();
    for (const name of FROM_NODE) {
      if (globalThis[name] !== undefined) {
        const value =
          name === 'BroadcastChannel'
            ? closingBroadcastChannel(this.openChannels)
            : globalThis[name];
        Object.defineProperty(this.global, name, { value, writable: true, configurable: true });
      }
    }
  }

  async teardown() {
    for (const channel of [...this.openChannels]) channel.close();
    await super.teardown();
  }
}

module.exports = JsdomWithNodeFetch;
