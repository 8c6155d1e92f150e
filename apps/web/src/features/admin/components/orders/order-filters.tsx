import { Button, DatePicker, Form, Input, Select } from 'antd';
import { CURRENCIES, ORDER_STATES, PAYMENT_PROVIDERS, type OrdersQuery } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { midnight, type PickedDay } from '../../lib/format.ts';
import './orders.css';

interface FilterForm {
  state?: OrdersQuery['state'];
  provider?: OrdersQuery['provider'];
  currency?: OrdersQuery['currency'];
  days?: [PickedDay, PickedDay] | null;
  user?: string;
}

const toQuery = (f: FilterForm): OrdersQuery => ({
  state: f.state ?? undefined,
  provider: f.provider ?? undefined,
  currency: f.currency ?? undefined,
  from: midnight(f.days?.[0] ?? null),
  // Through the end of the last day picked.
  to: midnight(f.days?.[1] ?? null, 1),
  user: f.user?.trim() || undefined,
});

/** State, provider, currency, the days the orders were made in, and one account. */
export function OrderFilters({ onChange }: { onChange: (filter: OrdersQuery) => void }) {
  const { t } = useTranslation('admin-billing');
  const [form] = Form.useForm<FilterForm>();
  return (
    <Form<FilterForm>
      form={form}
      name="orders-filter"
      layout="inline"
      className="billing-admin__filters"
      onFinish={(values) => onChange(toQuery(values))}
      onReset={() => onChange({})}
    >
      <Form.Item name="state" label={t('orders.state')}>
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('orders.any')}
          options={ORDER_STATES.map((s) => ({ value: s, label: t(`orders.states.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="provider" label={t('orders.provider')}>
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('orders.any')}
          options={PAYMENT_PROVIDERS.map((p) => ({ value: p, label: t(`orders.providers.${p}`) }))}
        />
      </Form.Item>
      <Form.Item name="currency" label={t('orders.currency')}>
        <Select
          allowClear
          style={{ width: 100 }}
          placeholder={t('orders.any')}
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
        />
      </Form.Item>
      <Form.Item name="days" label={t('orders.period')}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          aria-label={t('orders.period')}
          placeholder={[t('orders.from'), t('orders.to')]}
        />
      </Form.Item>
      <Form.Item name="user" label={t('orders.user')}>
        <Input allowClear placeholder={t('orders.userPlaceholder')} style={{ width: 220 }} maxLength={254} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          {t('orders.filter')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button htmlType="reset">{t('orders.reset')}</Button>
      </Form.Item>
    </Form>
  );
}
