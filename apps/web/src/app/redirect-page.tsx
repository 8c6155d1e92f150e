import { useEffect } from 'react';
import { Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../shared/routes/paths.ts';

/**
 * /redirect?to=/some/path re-enters a route from scratch (used to reload a view in place).
 * Only in-app paths are followed; anything else goes home.
 */
export function RedirectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const to = params.get('to') ?? '';
  useEffect(() => {
    const safe = to.startsWith('/') && !to.startsWith('//') ? to : PATHS.home;
    void navigate(safe, { replace: true });
  }, [navigate, to]);
  return <Spin style={{ display: 'block', margin: '120px auto' }} tip={t('redirect.working')} />;
}
