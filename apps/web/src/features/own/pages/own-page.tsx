import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../shared/ui/page-frame.tsx';

export function OwnPage() {
  const { t } = useTranslation('own');
  const [params, setParams] = useSearchParams();
  const active = params.get('selectedCollection') === 'true' ? 'collection' : 'works';
  return (
    <PageFrame title={t('common:routes.own')}>
      <Tabs
        activeKey={active}
        onChange={(key) => setParams(key === 'collection' ? { selectedCollection: 'true' } : {})}
        items={[
          { key: 'works', label: t('works') },
          { key: 'collection', label: t('collection') },
        ]}
      />
    </PageFrame>
  );
}
