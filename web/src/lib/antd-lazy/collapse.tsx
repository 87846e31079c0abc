import type { CollapseProps } from 'antd/es/collapse';
import { lazy, Suspense } from 'react';

const Collapse = lazy(() => import('antd/es/collapse'));

/**
 * What antd's ColorPicker renders for its `presets` in the build (see vite.config.ts): the
 * Collapse loads on first use. The app's colour picker has no presets.
 */
export default function LazyCollapse(props: CollapseProps) {
  return (
    <Suspense fallback={null}>
      <Collapse {...props} />
    </Suspense>
  );
}
