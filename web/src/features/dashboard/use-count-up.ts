import { useEffect, useState } from 'react';

/** Spec 03: the cards' counters animate for 4 seconds. */
export const COUNT_UP_MS = 4000;

/** A number rising from 0 to `target` over `duration` ms (ease-out), then exactly `target`. */
export function useCountUp(target: number, duration = COUNT_UP_MS): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    let frame = 0;
    // Timed by the frames' own clock from the first frame: a frame's time can precede a
    // performance.now() read in the effect, which made the progress negative and the count
    // below zero ("-8" on its way to 40).
    let started: number | null = null;
    const step = (now: number) => {
      started ??= now;
      const progress = Math.min(1, (now - started) / duration);
      setValue(progress >= 1 ? target : target * (1 - (1 - progress) ** 3));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, duration]);
  return value;
}
