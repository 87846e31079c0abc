/**
 * Page-level side effects behind one object, so the http client's reload and redirect rules
 * can be tested (jsdom cannot navigate) by spying on these methods.
 */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  /** Full navigation to the start page: state is dropped and the app boots again. */
  goToStart(): void {
    window.location.assign('/');
  },
  later(callback: () => void, ms: number): void {
    window.setTimeout(callback, ms);
  },
};
