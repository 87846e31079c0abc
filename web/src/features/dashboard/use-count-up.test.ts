import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCountUp } from './use-count-up';

describe('useCountUp', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('never counts below zero when a frame is timed before the effect ran, and ends exactly on the target', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const { result } = renderHook(() => useCountUp(40, 4000));
    // A browser's frame time is the frame's start, which can come before the effect's own clock.
    const early = performance.now() - 250;
    const seen: number[] = [];
    for (const at of [early, early + 1000, early + 3000, early + 4000]) {
      act(() => frames.shift()!(at));
      seen.push(result.current);
    }
    expect(seen.every((value) => value >= 0)).toBe(true);
    expect(seen.at(-1)).toBe(40);
  });
});
