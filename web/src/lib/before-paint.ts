import { flushSync } from 'react-dom';

type Measure = () => () => void;

let queue: Measure[] = [];
let frame = 0;

function runQueue() {
  frame = 0;
  const measures = queue;
  queue = [];
  // Every read first, on the layout the browser computes once, then every write in one render.
  const writes = measures.map((measure) => measure());
  flushSync(() => writes.forEach((write) => write()));
}

/**
 * Runs `measure` (reads the layout and returns the state change it leads to) in the next frame's
 * animation callbacks, before that frame is painted, and applies the state changes of every
 * measure queued for the frame in one synchronous render. For measurements that a component made
 * in a layout effect: there a read forces the browser to lay out, inside React's commit, all the
 * page that commit inserted, and Chromium's performance trace records a script stack of some
 * hundred frames for every box then laid out (Lighthouse's blocking time on a phone, issue 34).
 * Returns the cancellation, for the effect's cleanup.
 */
export function measureBeforePaint(measure: Measure): () => void {
  queue.push(measure);
  if (!frame) frame = requestAnimationFrame(runQueue);
  return () => {
    queue = queue.filter((queued) => queued !== measure);
    if (!queue.length && frame) {
      cancelAnimationFrame(frame);
      frame = 0;
    }
  };
}
