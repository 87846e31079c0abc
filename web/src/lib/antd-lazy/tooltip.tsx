import type { TooltipProps } from 'antd/es/tooltip';
import { lazy, Suspense } from 'react';

const Tooltip = lazy(() => import('antd/es/tooltip'));

/**
 * What antd's Form label renders for `Form.Item tooltip` in the build (see vite.config.ts): the
 * Tooltip loads on first use, its icon shows meanwhile. No screen sets a label tooltip today.
 */
export default function LazyTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
