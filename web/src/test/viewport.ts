/** A phone's width, below which DataTable shows cards (lib/use-viewport: 767 px and under). */
export const PHONE_WIDTH = 390;
/** jsdom's own window width: a tablet's, where lists are tables. */
export const JSDOM_WIDTH = 1024;

/** Resizes jsdom's window as a browser would, resize event included (the breakpoint hook listens to it). */
export function setWindowWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  window.dispatchEvent(new Event('resize'));
}
