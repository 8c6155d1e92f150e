import { useState } from 'react';
import { Alert, Button, DatePicker, Flex, Form, Input, InputNumber, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import {
  ADMIN_CUBES_MAX,
  CODES_BATCH_MAX,
  CODES_BATCH_PATTERN,
  CODES_MINT_MAX,
  CODES_NOTE_MAX,
  CODES_PLAN_DAYS_MAX,
  type CallData,
  type billingAdminEndpoints,
} from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { reportFormError } from '../../../../shared/forms/zod-rule.ts';
import { useMintCodes } from '../../api/mint-codes.ts';
import { formatTime } from '../../lib/format.ts';
import { codeWorth } from './code-worth.ts';
import { codesFileName, csvText, saveText } from './codes-csv.ts';
import './codes.css';

type Minted = CallData<typeof billingAdminEndpoints.codesMint>;
/** A day the date picker gives (any date library's value that can say which day it is). */
type PickedDay = { toDate(): Date } | null;

interface MintValues {
  count: number;
  cubes?: number | null;
  planDays?: number | null;
  expiresAt?: PickedDay;
  batch?: string;
  note?: string;
}

const FIELDS = ['count', 'cubes', 'planDays', 'expiresAt', 'batch', 'note'];

/** The end of the picked day in the operator's zone: a code "valid through" a day works all of it. */
const endOfDay = (day: PickedDay) => {
  if (!day) return undefined;
  const d = day.toDate();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).toISOString();
};
const beforeToday = (day: PickedDay) => {
  if (!day) return false;
  const now = new Date();
  return day.toDate() < new Date(now.getFullYear(), now.getMonth(), now.getDate());
};

/** Mints a batch, then offers its codes as a CSV file made in the page (the answer holds them all). */
export function MintForm({ onShowBatch }: { onShowBatch: (batch: string) => void }) {
  const { t, i18n } = useTranslation('admin-billing');
  const [form] = Form.useForm<MintValues>();
  const mint = useMintCodes();
  const [minted, setMinted] = useState<Minted | null>(null);

  const download = (m: Minted) =>
    saveText(
      csvText(
        [
          t('codes.csv.code'),
          t('codes.csv.batch'),
          t('codes.csv.cubes'),
          t('codes.csv.planDays'),
          t('codes.csv.expires'),
          t('codes.csv.note'),
        ],
        m.codes.map((code) => [code, m.batch, m.cubes, m.planDays, m.expiresAt ?? '', m.note]),
      ),
      codesFileName(m.batch),
    );

  const submit = (v: MintValues) =>
    mint.mutate(
      {
        count: v.count,
        cubes: v.cubes ?? 0,
        planDays: v.planDays ?? 0,
        expiresAt: endOfDay(v.expiresAt ?? null),
        batch: v.batch?.trim() || undefined,
        note: v.note?.trim() ?? '',
      },
      {
        onSuccess: (m) => {
          setMinted(m);
          form.resetFields();
        },
        onError: (err) => reportFormError(form, err, t, FIELDS),
      },
    );

  // A code must give something: cubes, plan days or both.
  const worthRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async () => {
      if (!Number(getFieldValue('cubes') ?? 0) && !Number(getFieldValue('planDays') ?? 0))
        throw new Error(t('codes.worthRequired'));
    },
  });

  return (
    <Flex vertical gap={12}>
      <Form<MintValues>
        form={form}
        name="mint-codes"
        layout="vertical"
        className="codes-admin__mint"
        initialValues={{ count: 10, cubes: 0, planDays: 0 }}
        onFinish={submit}
      >
        <Form.Item
          name="count"
          label={t('codes.count')}
          rules={[{ required: true, message: t('codes.countRule', { max: CODES_MINT_MAX }) }]}
        >
          <InputNumber min={1} max={CODES_MINT_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="cubes" label={t('codes.cubes')} dependencies={['planDays']} rules={[worthRule]}>
          <InputNumber min={0} max={ADMIN_CUBES_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="planDays" label={t('codes.planDays')} dependencies={['cubes']} rules={[worthRule]}>
          <InputNumber min={0} max={CODES_PLAN_DAYS_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="expiresAt" label={t('codes.expires')} extra={t('codes.expiresHelp')}>
          <DatePicker disabledDate={beforeToday} style={{ width: '100%' }} placeholder={t('codes.never')} />
        </Form.Item>
        <Form.Item
          name="batch"
          label={t('codes.batch')}
          extra={t('codes.batchHelp')}
          rules={[{ pattern: CODES_BATCH_PATTERN, message: t('codes.batchRule') }]}
        >
          <Input maxLength={CODES_BATCH_MAX} placeholder={t('codes.batchPlaceholder')} />
        </Form.Item>
        <Form.Item name="note" label={t('codes.note')} className="codes-admin__note-field">
          <Input.TextArea maxLength={CODES_NOTE_MAX} showCount autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
        <Form.Item className="codes-admin__submit">
          <Button type="primary" htmlType="submit" loading={mint.isPending}>
            {t('codes.mint')}
          </Button>
        </Form.Item>
      </Form>
      {minted ? (
        <Alert
          type="success"
          showIcon
          data-testid="codes-minted"
          title={t('codes.minted', { count: minted.codes.length, batch: minted.batch })}
          description={
            <Flex vertical gap={8}>
              <Typography.Text>
                {codeWorth(t, minted)}
                {' · '}
                {minted.expiresAt
                  ? t('codes.until', { time: formatTime(minted.expiresAt, i18n.language) })
                  : t('codes.noExpiry')}
                {minted.note ? ` · ${minted.note}` : ''}
              </Typography.Text>
              <Flex gap={8} wrap>
                <Button type="primary" icon={<DownloadOutlined />} onClick={() => download(minted)}>
                  {t('codes.downloadMinted')}
                </Button>
                <Button onClick={() => onShowBatch(minted.batch)}>{t('codes.showBatch')}</Button>
              </Flex>
            </Flex>
          }
        />
      ) : null}
    </Flex>
  );
}
