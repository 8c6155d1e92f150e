import { forwardRef, lazy, Suspense, type ComponentProps, type ReactElement } from 'react';

// The build hands this module to Ant Design's form labels and segmented control in place of Tooltip
// (see vite.config.ts). They show a tooltip only when one is asked for (a label's `tooltip`, an
// option's `tooltip`), which the app's forms do not do, yet importing Tooltip brought it and the
// popup-positioning code into the login page's first visit. Here it is fetched if it is ever shown.

const Tooltip = lazy(() => import('antd/es/tooltip'));

type TooltipProps = ComponentProps<typeof Tooltip>;

const LazyTooltip = forwardRef<unknown, TooltipProps>(function LazyTooltip(props, ref) {
  return (
    <Suspense fallback={props.children as ReactElement}>
      <Tooltip ref={ref as never} {...props} />
    </Suspense>
  );
});

export default LazyTooltip;
