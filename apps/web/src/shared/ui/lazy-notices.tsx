import { lazy, Suspense, type ComponentProps } from 'react';

// Ant Design's Result and Alert for states a page reaches only sometimes (an empty gallery, a failed
// request): fetched when first shown, so a page that loads as expected does not download them first.

const AntResult = lazy(() => import('antd/es/result'));
const AntAlert = lazy(() => import('antd/es/alert'));

export function LazyResult(props: ComponentProps<typeof AntResult>) {
  return (
    <Suspense fallback={null}>
      <AntResult {...props} />
    </Suspense>
  );
}

export function LazyAlert(props: ComponentProps<typeof AntAlert>) {
  return (
    <Suspense fallback={null}>
      <AntAlert {...props} />
    </Suspense>
  );
}
