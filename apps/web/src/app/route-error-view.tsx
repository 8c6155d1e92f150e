import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../shared/routes/paths.ts';

/** What a page that failed to load or render shows instead (see route-error.tsx). */
export function RouteErrorView() {
  const { t } = useTranslation();
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
