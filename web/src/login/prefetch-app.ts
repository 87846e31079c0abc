/**
 * Fetches the web app's entry files (what index.html names) while the user types, at low
 * priority, so the first screen after the login comes from the cache instead of a phone
 * connection's seconds. Nothing is run: the files wait in the cache for the next page.
 */
export function prefetchApp(page: Document): void {
  fetch('/', { priority: 'low' })
    .then((answer) => answer.text())
    .then((html) => {
      for (const [, href] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) {
        const link = page.createElement('link');
        link.rel = 'prefetch';
        link.href = href!;
        page.head.append(link);
      }
    })
    // The app then loads as it would have without it.
    .catch(() => undefined);
}
