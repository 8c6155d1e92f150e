import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { AppHeader } from '../header/app-header.tsx';
import { ProfileSync } from '../profile-sync.tsx';
import { TestPaymentsRibbon } from '../test-payments-ribbon.tsx';
import { REDUCED_MOTION } from '../../shared/ui/use-media-query.ts';
import type { RouteHandle } from '../route-handle.ts';
import './root-layout.css';

// The stock template gives the bar role="bar", which is no ARIA role. The bar only mirrors the
// loading state, which assistive technology learns from aria-busy on the page's main region.
NProgress.configure({
  showSpinner: false,
  // With "reduce motion" the bar appears and leaves without sliding or fading.
  ...(window.matchMedia(REDUCED_MOTION).matches && { speed: 0, trickle: false }),
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  const merged: RouteHandle = {};
  for (const m of matches) Object.assign(merged, (m.handle as RouteHandle | undefined) ?? {});
  return merged;
}

export function RootLayout() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const handle = useRouteHandle();

  // A progress bar on every navigation: it runs while the next route loads.
  useEffect(() => {
    if (navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  }, [navigation.state]);
  useEffect(() => {
    NProgress.done();
  }, [location.key]);

  useEffect(() => {
    const app = t('appName');
    document.title = handle.title ? `${t(handle.title)} - ${app}` : app;
  }, [handle.title, t, i18n.language]);

  return (
    <div className="app-root">
      <ProfileSync />
      <TestPaymentsRibbon />
      {!handle.hideHeader && <AppHeader />}
      <main
        className={handle.fullWidth ? 'app-body app-body--full' : 'app-body'}
        aria-busy={navigation.state !== 'idle'}
      >
        {/* The view is re-created whenever the full path changes, unless its route keeps state in the query. */}
        <Suspense fallback={null}>
          <Outlet key={handle.keepOnQuery ? location.pathname : location.pathname + location.search} />
        </Suspense>
      </main>
    </div>
  );
}
