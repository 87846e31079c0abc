import type { Writable } from 'node:stream';

/** Waits for `stream`'s next `drain`, or until `gone` closes (the client went away). */
export function drainOrClose(stream: Writable, gone: Writable = stream): Promise<void> {
  return new Promise((resolve) => {
    const finish = () => {
      stream.off('drain', finish);
      gone.off('close', finish);
      resolve();
    };
    stream.once('drain', finish);
    gone.once('close', finish);
  });
}

/** Waits until a stream wants more, or gives up when the client went away. */
export function drained(stream: Writable): Promise<void> {
  return stream.writableNeedDrain ? drainOrClose(stream) : Promise.resolve();
}
