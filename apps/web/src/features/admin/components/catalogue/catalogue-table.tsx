import { useEffect } from 'react';
import {
  Alert,
  App,
  Button,
  Flex,
  Form,
  Input,
  InputNumber,
  Switch,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { ADMIN_CUBES_MAX, CATALOGUE_NAME_MAX, type CatalogueEntry } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/http/api-error.ts';
import { useCatalogue } from '../../api/list-catalogue.ts';
import { useUpdateCatalogueEntry } from '../../api/update-catalogue-entry.ts';
import { formatTime } from '../../lib/format.ts';
import { PRICE_MAX, ROW_FIELDS, patchOf, toRow, type CatalogueRow } from './catalogue-row.ts';
import '../orders/orders.css';
import './catalogue.css';

type Rows = Record<string, CatalogueRow>;

/**
 * Every product in one form, a row per product: prices in yuan and dollars, a pack's cubes, both
 * names and whether it is on sale, checked as typed and saved one row at a time.
 */
export function CatalogueTable() {
  const { t, i18n } = useTranslation('admin-billing');
  const { message } = App.useApp();
  const catalogue = useCatalogue();
  const update = useUpdateCatalogueEntry();
  const [form] = Form.useForm<Rows>();
  const values = Form.useWatch([], form) as Rows | undefined;
  const products = catalogue.data ?? [];

  // A row saved or loaded takes the server's values; rows being edited keep theirs.
  useEffect(() => {
    for (const p of catalogue.data ?? [])
      if (form.getFieldValue([p.id, 'nameEn']) === undefined) form.setFieldValue(p.id, toRow(p));
  }, [catalogue.data, form]);

  const label = (p: CatalogueEntry) => (i18n.language === 'zh' ? p.nameZh : p.nameEn);
  const dirty = (p: CatalogueEntry) => {
    const row = values?.[p.id];
    return row ? Object.keys(patchOf(p, row)).length > 0 : false;
  };

  async function save(p: CatalogueEntry) {
    try {
      await form.validateFields(ROW_FIELDS.map((f) => [p.id, f]));
    } catch {
      return;
    }
    const patch = patchOf(p, form.getFieldValue(p.id) as CatalogueRow);
    if (!Object.keys(patch).length) return;
    update.mutate(
      { id: p.id, ...patch },
      {
        onSuccess(entry) {
          form.setFieldValue(p.id, toRow(entry));
          void message.success(t('catalogue.saved', { name: label(entry) }));
        },
        onError(err) {
          const known = (field: string): field is (typeof ROW_FIELDS)[number] =>
            (ROW_FIELDS as readonly string[]).includes(field);
          const fields = err instanceof ApiError ? err.fields.filter((f) => known(f.field)) : [];
          if (fields.length)
            form.setFields(
              fields.map((f) => ({
                name: [p.id, f.field as (typeof ROW_FIELDS)[number]],
                errors: [t(`errors:${f.code}`)],
              })),
            );
          else void message.error(err.message);
        },
      },
    );
  }

  const price = (p: CatalogueEntry, field: 'priceCny' | 'priceUsd', symbol: string) => (
    <Form.Item
      name={[p.id, field]}
      rules={[
        { required: true, message: t('catalogue.priceRequired') },
        { type: 'number', min: 0.01, max: PRICE_MAX, message: t('catalogue.priceRule', { max: PRICE_MAX }) },
      ]}
    >
      <InputNumber
        aria-label={t(`catalogue.${field}Of`, { name: label(p) })}
        prefix={symbol}
        min={0}
        max={PRICE_MAX}
        step={0.01}
        precision={2}
        style={{ width: 118 }}
      />
    </Form.Item>
  );

  const columns: TableColumnsType<CatalogueEntry> = [
    {
      key: 'product',
      title: t('catalogue.product'),
      render: (_, p) => (
        <Flex vertical gap={4} align="start">
          <Typography.Text className="billing-admin__code">{p.id}</Typography.Text>
          <Tag>{p.kind === 'plan' && p.period ? t(`catalogue.periods.${p.period}`) : t('catalogue.pack')}</Tag>
          <Typography.Text type="secondary" className="billing-admin__number">
            {formatTime(p.updatedAt, i18n.language)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'cubes',
      title: t('catalogue.cubes'),
      render: (_, p) =>
        p.kind === 'cubes' ? (
          <Form.Item
            name={[p.id, 'cubes']}
            rules={[
              { required: true, message: t('catalogue.cubesRule') },
              { type: 'integer', min: 1, max: ADMIN_CUBES_MAX, message: t('catalogue.cubesRule') },
            ]}
          >
            <InputNumber
              aria-label={t('catalogue.cubesOf', { name: label(p) })}
              min={1}
              max={ADMIN_CUBES_MAX}
              precision={0}
              style={{ width: 100 }}
            />
          </Form.Item>
        ) : (
          <Typography.Text type="secondary">{t('catalogue.planTime')}</Typography.Text>
        ),
    },
    { key: 'cny', title: t('catalogue.priceCny'), render: (_, p) => price(p, 'priceCny', '¥') },
    { key: 'usd', title: t('catalogue.priceUsd'), render: (_, p) => price(p, 'priceUsd', '$') },
    {
      key: 'names',
      title: t('catalogue.names'),
      render: (_, p) => (
        <div className="catalogue-admin__names">
          {(['nameEn', 'nameZh'] as const).map((field) => (
            <Form.Item
              key={field}
              name={[p.id, field]}
              rules={[
                { required: true, whitespace: true, message: t('catalogue.nameRequired') },
                { max: CATALOGUE_NAME_MAX, message: t('catalogue.nameRule') },
              ]}
            >
              <Input
                aria-label={t(`catalogue.${field}Of`, { name: p.id })}
                maxLength={CATALOGUE_NAME_MAX}
                prefix={field === 'nameEn' ? 'EN' : '中'}
              />
            </Form.Item>
          ))}
        </div>
      ),
    },
    {
      key: 'active',
      title: t('catalogue.onSale'),
      render: (_, p) => (
        <Form.Item name={[p.id, 'active']} valuePropName="checked">
          <Switch aria-label={t('catalogue.onSaleOf', { name: label(p) })} />
        </Form.Item>
      ),
    },
    {
      key: 'save',
      title: t('orders.actions'),
      render: (_, p) => (
        <Flex gap={4} wrap>
          <Button
            type={dirty(p) ? 'primary' : 'default'}
            size="small"
            disabled={!dirty(p)}
            loading={update.isPending && update.variables?.id === p.id}
            // Ant Design spaces out a two-character Chinese label; the name must keep the visible word.
            autoInsertSpace={false}
            aria-label={t('catalogue.saveOf', { name: label(p) })}
            onClick={() => void save(p)}
          >
            {t('catalogue.save')}
          </Button>
          {dirty(p) ? (
            <Button size="small" type="text" onClick={() => form.setFieldValue(p.id, toRow(p))}>
              {t('catalogue.undo')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      {catalogue.isError ? <Alert type="error" showIcon title={catalogue.error.message} /> : null}
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('catalogue.help')}
      </Typography.Paragraph>
      <Form form={form} component={false}>
        <div
          className="billing-admin__scroll catalogue-admin"
          role="region"
          aria-label={t('catalogue.list')}
          tabIndex={0}
        >
          <Table<CatalogueEntry>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={products}
            loading={catalogue.isPending && !catalogue.isError}
            pagination={false}
            locale={{ emptyText: t('catalogue.empty') }}
            data-testid="catalogue-table"
          />
        </div>
      </Form>
    </Flex>
  );
}
