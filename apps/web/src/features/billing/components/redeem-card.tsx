import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LIMITS } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useRedeemCode } from '../api/redeem-code.ts';
import './billing.css';

type Outcome = { kind: 'success' | 'error'; text: string };

/** Redeems a code; what it granted, or why it was refused, stays under the field until the next try. */
export function RedeemCard() {
  const { t } = useTranslation('billing');
  const redeem = useRedeemCode();
  const [form] = Form.useForm<{ code: string }>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const onFinish = ({ code }: { code: string }) => {
    setOutcome(null);
    redeem.mutate(code.trim(), {
      onSuccess: ({ cubes, planDays }) => {
        form.resetFields();
        const text =
          cubes && planDays
            ? t('redeem.grantedBoth', { cubes, days: planDays })
            : planDays
              ? t('redeem.grantedDays', { count: planDays })
              : t('redeem.grantedCubes', { count: cubes });
        setOutcome({ kind: 'success', text });
      },
      // The server names each refusal (used, expired, unknown, yours already, too many tries).
      onError: (err) => setOutcome({ kind: 'error', text: err.message }),
    });
  };

  return (
    <Card title={<h2 className="billing__card-title">{t('redeem.title')}</h2>} data-testid="redeem-card">
      <Typography.Paragraph type="secondary" className="billing__intro billing__intro--spaced">
        {t('redeem.intro')}
      </Typography.Paragraph>
      <Form
        form={form}
        name="redeem"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        aria-label={t('redeem.title')}
        className="billing__inline-form"
      >
        <Form.Item
          name="code"
          label={t('redeem.label')}
          rules={[{ required: true, whitespace: true, message: t('redeem.required') }]}
        >
          <Input placeholder={t('redeem.placeholder')} maxLength={LIMITS.redeemCodeMax} autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={redeem.isPending}>
          {t('redeem.submit')}
        </Button>
      </Form>
      <div aria-live="polite" className="billing-redeem__outcome">
        {outcome && <Alert type={outcome.kind} showIcon title={outcome.text} data-testid="redeem-outcome" />}
      </div>
    </Card>
  );
}
