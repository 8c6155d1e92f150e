import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../shared/routes/paths.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      // The page's h1, in the result's own title style.
      title={<h1 style={{ margin: 0, font: 'inherit', color: 'inherit' }}>{t('notFound.title')}</h1>}
      subTitle={t('notFound.subtitle')}
      extra={
        <Button type="primary" onClick={() => navigate(PATHS.home)}>
          {t('notFound.back')}
        </Button>
      }
    />
  );
}
