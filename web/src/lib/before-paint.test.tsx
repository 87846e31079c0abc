import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { measureBeforePaint } from './before-paint';

/** The animation frame callbacks, run by the test when it says the frame comes. */
let frames: FrameRequestCallback[] = [];
const nextFrame = () =>
  act(() => {
    const due = frames;
    frames = [];
    due.forEach((callback) => callback(performance.now()));
  });

beforeEach(() => {
  frames = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => void (frames[id - 1] = () => undefined));
});
afterEach(() => vi.restoreAllMocks());

/** A cell that learns its width as rc-table's MeasureCell does, in the frame after its commit. */
function Measured({ name, width, log }: { name: string; width: number; log: string[] }) {
  const [measured, setMeasured] = useState<number | null>(null);
  log.push(`render ${name} ${measured}`);
  useLayoutEffect(
    () =>
      measureBeforePaint(() => {
        log.push(`read ${name}`);
        return () => setMeasured(width);
      }),
    [width, name, log],
  );
  return <span>{`${name}: ${measured ?? 'sin medir'}`}</span>;
}

describe('measureBeforePaint', () => {
  it('reads every queued measure in the next frame, then applies their changes in one synchronous render', () => {
    const log: string[] = [];
    render(
      <>
        <Measured name="a" width={120} log={log} />
        <Measured name="b" width={80} log={log} />
      </>,
    );
    expect(screen.getByText('a: sin medir')).toBeInTheDocument();
    expect(frames).toHaveLength(1);
    log.length = 0;
    nextFrame();
    expect(log).toEqual(['read a', 'read b', 'render a 120', 'render b 80']);
    expect(screen.getByText('a: 120')).toBeInTheDocument();
    expect(screen.getByText('b: 80')).toBeInTheDocument();
  });

  it('drops the measure of a component gone before the frame, and the frame when none is left', () => {
    const log: string[] = [];
    const { unmount } = render(<Measured name="a" width={120} log={log} />);
    unmount();
    log.length = 0;
    nextFrame();
    expect(log).toEqual([]);
  });
});
