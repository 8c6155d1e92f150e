import { useState } from 'react';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../components/console-page.tsx';
import { CodesList, type CodesListFilter } from '../components/codes/codes-list.tsx';
import { MintForm } from '../components/codes/mint-form.tsx';

/** Redemption codes: mint a batch (and download it), list them, revoke one or a batch. */
export function CodesPage() {
  const { t } = useTranslation('admin-billing');
  const [filter, setFilter] = useState<CodesListFilter>({ status: 'all' });
  return (
    <ConsolePage title={t('codes.title')}>
      <Flex vertical gap={12} component="section" aria-labelledby="codes-mint-heading">
        <Typography.Title level={2} id="codes-mint-heading" className="codes-admin__heading">
          {t('codes.mintTitle')}
        </Typography.Title>
        <MintForm onShowBatch={(batch) => setFilter({ status: 'all', batch })} />
      </Flex>
      <Flex vertical gap={12} component="section" aria-labelledby="codes-list-heading">
        <Typography.Title level={2} id="codes-list-heading" className="codes-admin__heading">
          {t('codes.listTitle')}
        </Typography.Title>
        <CodesList filter={filter} onFilter={setFilter} />
      </Flex>
    </ConsolePage>
  );
}
