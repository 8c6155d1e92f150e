import { useEffect } from 'react';
import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../shared/routes/paths.ts';

const RELOADED = 'turing:chunk-reload';

/** A page that failed to load or render. After a deploy, old chunk names vanish: reload once to get the new ones. */
export function RouteError() {
  const { t } = useTranslation();
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
    <Result
      status="warning"
      title={t('routeError.title')}
      subTitle={t('routeError.body')}
      extra={[
        <Button key="reload" type="primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>,
        <Button key="home" href={`#${PATHS.home}`}>
          {t('notFound.back')}
        </Button>,
      ]}
    />
  );
}
