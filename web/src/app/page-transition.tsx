import type { ReactNode } from 'react';

/**
 * The 100 ms fade of spec 03 §9 on every route change: the caller keys this by path, so a
 * new page mounts a new element and the CSS animation runs once. Verify pages skip it.
 */
export function PageTransition({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  return <div className={enabled ? 'page-transition' : undefined}>{children}</div>;
}
