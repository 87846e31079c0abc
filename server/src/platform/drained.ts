import type { Writable } from 'node:stream';

/** Waits until a stream wants more, or gives up when the client went away. */
export function drained(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      stream.off('drain', finish);
      stream.off('close', finish);
      resolve();
    };
    stream.once('drain', finish);
    stream.once('close', finish);
  });
}
