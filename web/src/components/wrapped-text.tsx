import type { ReactNode } from 'react';

/**
 * A table cell's text that wraps at `width`, an e-mail anywhere (it has no spaces): a list is as
 * wide as its content up to the page (DataTable), and a value that cannot break would still
 * widen it past 1366 px (issue 34).
 */
export function WrappedText({ width, children }: { width: number; children: ReactNode }) {
  return <div style={{ maxWidth: width, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{children}</div>;
}
