// The server's log lines as a test reads them: a stream for `startServer`'s `logStream`, and the
// text written to it so far.
import { Writable } from 'node:stream';

export function capturedLog() {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return {
    stream,
    text: () => text,
  };
}
