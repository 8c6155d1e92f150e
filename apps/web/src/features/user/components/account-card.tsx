import { useState } from 'react';
import { Button, Descriptions, Space, Tag, Tooltip, Typography } from 'antd';
import { CopyOutlined, CrownOutlined, WechatOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@turing/contract';
import { useWechatInfo } from '../../../shared/api/get-provider-info.ts';
import type { Method } from '../../../shared/ui/identity/identity-field.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { BindContactModal } from './bind-contact-modal.tsx';

export function AccountCard({ profile, onChanged }: { profile: UserProfile; onChanged(p: UserProfile): void }) {
  const { t } = useTranslation('user');
  const [binding, setBinding] = useState<Method | null>(null);
  const wechat = useWechatInfo();
  const wechatUrl = wechat.data?.enabled ? wechat.data.startUrl : null;

  const copy = async () => {
    if (!navigator.clipboard?.writeText) return toast.warning(t('account.copyUnsupported'));
    try {
      await navigator.clipboard.writeText(profile.inviteCode);
      toast.success(t('account.copied'));
    } catch {
      toast.warning(t('account.copyUnsupported'));
    }
  };

  const none = (method: Method) => (
    <Space>
      <Typography.Text type="secondary">{t('account.notBound')}</Typography.Text>
      <Button size="small" onClick={() => setBinding(method)}>
        {method === 'phone' ? t('account.bindPhone') : t('account.bindEmail')}
      </Button>
    </Space>
  );
  return (
    <>
      <BindContactModal method={binding} onClose={() => setBinding(null)} onBound={onChanged} />
      <Descriptions column={1} bordered size="middle" styles={{ label: { width: 180 } }}>
        <Descriptions.Item label={t('account.username')}>
          <Space>
            {profile.username}
            {profile.isVip ? (
              <Tag color="gold" icon={<CrownOutlined />}>
                {t('account.vip')}
              </Tag>
            ) : (
              <Tag>{t('account.regular')}</Tag>
            )}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('account.phone')}>{profile.phone ?? none('phone')}</Descriptions.Item>
        <Descriptions.Item label={t('account.email')}>{profile.email ?? none('email')}</Descriptions.Item>
        <Descriptions.Item label={t('account.wechat')}>
          {profile.wechatBound ? (
            <Tag color="green" icon={<WechatOutlined />}>
              {t('account.wechatBound')}
            </Tag>
          ) : wechatUrl ? (
            <Button size="small" icon={<WechatOutlined />} href={`${wechatUrl}?intent=bind`}>
              {t('account.wechatBind')}
            </Button>
          ) : (
            <Tooltip title={t('account.wechatUnavailable')}>
              <Button size="small" icon={<WechatOutlined />} disabled>
                {t('account.wechatBind')}
              </Button>
            </Tooltip>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('account.inviteCode')}>
          <Space>
            <Typography.Text code data-testid="invite-code">
              {profile.inviteCode}
            </Typography.Text>
            <Button size="small" icon={<CopyOutlined />} onClick={copy}>
              {t('account.copy')}
            </Button>
          </Space>
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}
