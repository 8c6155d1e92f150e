import { lazy, Suspense, useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../shared/routes/paths.ts';

const RELOADED = 'turing:chunk-reload';

/** The same words and ways out, without Ant Design: shown when even the error view cannot load. */
function PlainErrorView() {
  const { t } = useTranslation();
  return (
    <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <h2>{t('routeError.title')}</h2>
      <p>{t('routeError.body')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </button>{' '}
      <a href={`#${PATHS.home}`}>{t('notFound.back')}</a>
    </div>
  );
}

// The error page's illustrations are most of Ant Design's Result; no first visit needs them.
const RouteErrorView = lazy(() =>
  import('./route-error-view.tsx').then(
    (m) => ({ default: m.RouteErrorView }),
    () => ({ default: PlainErrorView }),
  ),
);

/** A page that failed to load or render. After a deploy, old chunk names vanish: reload once to get the new ones. */
export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : String(error);
  const staleChunk =
    /Failed to fetch dynamically imported module|Unable to preload CSS|Importing a module script failed/i.test(message);

  useEffect(() => {
    if (staleChunk && !sessionStorage.getItem(RELOADED)) {
      sessionStorage.setItem(RELOADED, '1');
      window.location.reload();
    }
  }, [staleChunk]);

  return (
    <Suspense fallback={null}>
      <RouteErrorView />
    </Suspense>
  );
}
