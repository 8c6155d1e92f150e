import { useState } from 'react';
import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { billingAdminEndpoints, type OrdersQuery } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../components/console-page.tsx';
import { OrderFilters } from '../components/orders/order-filters.tsx';
import { OrdersTable } from '../components/orders/orders-table.tsx';
import { downloadFile } from '../lib/download.ts';

/** Every user's orders: filtered, paged, refunded one by one, exported as CSV. */
export function OrdersPage() {
  const { t } = useTranslation('admin-billing');
  const { message } = App.useApp();
  const [filter, setFilter] = useState<OrdersQuery>({});
  const [exporting, setExporting] = useState(false);

  const exportCsv = () => {
    setExporting(true);
    downloadFile(billingAdminEndpoints.ordersExport, { ...filter }, 'orders.csv')
      .catch((err: Error) => void message.error(err.message))
      .finally(() => setExporting(false));
  };

  return (
    <ConsolePage
      title={t('orders.title')}
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportCsv}>
          {t('orders.export')}
        </Button>
      }
    >
      <OrderFilters onChange={setFilter} />
      <OrdersTable filter={filter} />
    </ConsolePage>
  );
}
