import { Alert, Button, Empty, Flex, Skeleton, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useEngines } from '../api/list-engines.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { EngineCard } from '../components/engines/engine-card.tsx';
import { formatTime } from '../lib/format.ts';
import { useCan } from '../lib/use-can.ts';

/**
 * The generation engines as the server checks them, asked again every 10 seconds: each server's
 * state, queue and last error, and draining one for maintenance and bringing it back.
 */
export function EnginesPage() {
  const { t, i18n } = useTranslation('admin-engines');
  const engines = useEngines();
  const canDrain = useCan(['owner']);
  // "Since" counts from the last answer, which comes every few seconds.
  const now = engines.dataUpdatedAt;
  const checkedAt = engines.data?.[0]?.checkedAt;

  const extra = (
    <Flex gap={12} align="center" wrap>
      {checkedAt ? (
        <Typography.Text type="secondary">
          {t('engines.checkedAt', { time: formatTime(checkedAt, i18n.language) })}
        </Typography.Text>
      ) : null}
      <Button icon={<ReloadOutlined aria-hidden />} loading={engines.isFetching} onClick={() => void engines.refetch()}>
        {t('engines.refresh')}
      </Button>
    </Flex>
  );

  let body;
  if (engines.isError && !engines.data)
    body = <Alert type="error" showIcon title={t('engines.loadFailed')} description={engines.error.message} />;
  else if (!engines.data) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (engines.data.length === 0) body = <Empty description={t('engines.none')} />;
  else
    body = engines.data.map((engine) => <EngineCard key={engine.name} engine={engine} now={now} canDrain={canDrain} />);

  return (
    <ConsolePage title={t('engines.title')} extra={extra}>
      <Typography.Paragraph type="secondary">{t('engines.intro')}</Typography.Paragraph>
      {body}
    </ConsolePage>
  );
}
