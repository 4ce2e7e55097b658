import { Writable } from 'node:stream';

/** A stream for the server's logger that keeps every line it writes, one JSON object each. */
export function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return {
    stream,
    lines,
    records: () => lines.map((line) => JSON.parse(line) as { msg: string }),
  };
}
