import { lazy, Suspense, type ReactNode } from 'react';

const UniqueProvider = lazy(() => import('antd/es/tooltip/UniqueProvider'));

/**
 * What antd's ConfigProvider renders for `tooltip.unique` in the build (see vite.config.ts): the
 * provider loads on first use. The app does not set that option.
 */
export default function LazyUniqueProvider({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={children}>
      <UniqueProvider>{children}</UniqueProvider>
    </Suspense>
  );
}
