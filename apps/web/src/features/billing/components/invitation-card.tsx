import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, Skeleton, Space, Typography } from 'antd';
import { CopyOutlined, GiftOutlined } from '@ant-design/icons';
import { LIMITS } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { useBindInvitation } from '../api/bind-invitation.ts';
import { useInvitation } from '../api/get-invitation.ts';
import { copyText } from '../lib/copy-text.ts';
import './billing.css';

/** The user's own code and share link, and — once — the code of whoever invited them. */
export function InvitationCard() {
  const { t } = useTranslation('billing');
  const { data: invitation, error } = useInvitation();
  const bind = useBindInvitation();
  const [form] = Form.useForm<{ code: string }>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const copy = (text: string) => copyText(text, { done: t('copied'), unsupported: t('copyUnsupported') });

  const onFinish = ({ code }: { code: string }) => {
    setRefusal(null);
    bind.mutate(code.trim(), {
      onSuccess: (next) => {
        form.resetFields();
        toast.success(next.bonusPaid ? t('invite.done', { count: next.bonusCubes }) : t('invite.doneNoBonus'));
      },
      onError: (err) => setRefusal(err.message),
    });
  };

  return (
    <Card title={<h2 className="billing__card-title">{t('invite.title')}</h2>} data-testid="invitation-card">
      {error ? (
        <Alert type="error" showIcon title={error.message} />
      ) : !invitation ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <div className="billing__stack">
          <Typography.Paragraph type="secondary" className="billing__intro">
            {t('invite.intro', { count: invitation.bonusCubes })}
          </Typography.Paragraph>
          <Descriptions column={1} bordered size="middle" styles={{ label: { width: 180 } }}>
            <Descriptions.Item label={t('invite.code')}>
              <Space wrap>
                <Typography.Text code data-testid="my-invite-code">
                  {invitation.code}
                </Typography.Text>
                <Button
                  size="small"
                  icon={<CopyOutlined />}
                  aria-label={`${t('copy')} ${t('invite.code')}`}
                  onClick={() => void copy(invitation.code)}
                >
                  {t('copy')}
                </Button>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('invite.link')}>
              <Space wrap className="billing-invite__link">
                <Typography.Text className="billing-invite__url" data-testid="invite-link">
                  {invitation.link}
                </Typography.Text>
                <Button
                  size="small"
                  icon={<CopyOutlined />}
                  aria-label={`${t('copy')} ${t('invite.link')}`}
                  onClick={() => void copy(invitation.link)}
                >
                  {t('copy')}
                </Button>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('invite.count')}>
              <span data-testid="invited-count">{invitation.invitedCount}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('invite.bonus')}>
              {t('invite.bonusCubes', { count: invitation.bonusCubes })}
            </Descriptions.Item>
          </Descriptions>
          {invitation.invitedBy !== null ? (
            <Alert
              type="success"
              showIcon
              icon={<GiftOutlined />}
              title={t('invite.bound', { name: invitation.invitedBy })}
              data-testid="invited-by"
            />
          ) : (
            <Form
              form={form}
              name="invitation"
              layout="vertical"
              requiredMark={false}
              onFinish={onFinish}
              aria-label={t('invite.enter')}
              className="billing__inline-form"
            >
              <Form.Item
                name="code"
                label={t('invite.enter')}
                rules={[{ required: true, whitespace: true, message: t('invite.required') }]}
                validateStatus={refusal ? 'error' : undefined}
                help={refusal ?? undefined}
              >
                <Input
                  placeholder={t('invite.enterPlaceholder')}
                  maxLength={LIMITS.inviteCodeMax}
                  autoComplete="off"
                  onChange={() => setRefusal(null)}
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={bind.isPending}>
                {t('invite.submit')}
              </Button>
            </Form>
          )}
        </div>
      )}
    </Card>
  );
}
