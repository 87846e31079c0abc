import type { ReactNode } from 'react';

/** A date, an id or an amount with its currency kept on one line (issue 51): "BS 1.234,56" never splits after "BS". */
export function NoWrap({ children }: { children: ReactNode }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
}
