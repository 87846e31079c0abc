/**
 * Toasts without React: the http client and mutations call these functions; the app shell
 * registers antd's context-aware message API (app/notify-host.tsx, on the first toast). Until then,
 * and in tests that register nothing, toasts go to the console.
 */
export interface Notifier {
  error(title: string, lines?: readonly string[]): void;
  success(text: string): void;
  /** A result that needs a look (the closings import's report). */
  warning?(title: string, lines?: readonly string[]): void;
}

const consoleNotifier: Notifier = {
  error: (title, lines) => console.error(title, ...(lines ?? [])),
  success: (text) => console.info(text),
  warning: (title, lines) => console.warn(title, ...(lines ?? [])),
};

let current: Notifier = consoleNotifier;

export function registerNotifier(notifier: Notifier | null): void {
  current = notifier ?? consoleNotifier;
}

export const notify: Required<Notifier> = {
  error: (title, lines) => current.error(title, lines),
  success: (text) => current.success(text),
  warning: (title: string, lines?: readonly string[]) => (current.warning ?? consoleNotifier.warning)!(title, lines),
};
