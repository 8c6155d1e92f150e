import { lazy, Suspense, type ReactNode } from 'react';

// The build hands this module to Ant Design's ConfigProvider in place of its shared-tooltip provider
// (see vite.config.ts). ConfigProvider renders that provider only when `tooltip.unique` is set, which
// the app does not do, yet importing it brought the popup-positioning code into every first load.

const UniqueProvider = lazy(() => import('antd/es/tooltip/UniqueProvider'));

export default function LazyUniqueProvider({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={children}>
      <UniqueProvider>{children}</UniqueProvider>
    </Suspense>
  );
}
