import { useState } from 'react';
import { Button, Descriptions, Grid, Space, Tag, Typography } from 'antd';
import { CrownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@turing/contract';
import type { Method } from '../../../shared/ui/identity/identity-field.tsx';
import { BindContactModal } from './bind-contact-modal.tsx';
import { WechatBind } from './wechat-bind.tsx';

export function AccountCard({ profile, onChanged }: { profile: UserProfile; onChanged(p: UserProfile): void }) {
  const { t } = useTranslation('user');
  const [binding, setBinding] = useState<Method | null>(null);
  // On a phone the labels go above their values: beside them they pushed the card past the screen.
  const narrow = Grid.useBreakpoint().sm === false;

  const none = (method: Method) => (
    <Space wrap>
      <Typography.Text type="secondary">{t('account.notBound')}</Typography.Text>
      <Button size="small" onClick={() => setBinding(method)}>
        {method === 'phone' ? t('account.bindPhone') : t('account.bindEmail')}
      </Button>
    </Space>
  );
  return (
    <>
      <BindContactModal method={binding} onClose={() => setBinding(null)} onBound={onChanged} />
      <Descriptions
        column={1}
        bordered
        size="middle"
        layout={narrow ? 'vertical' : 'horizontal'}
        styles={narrow ? undefined : { label: { width: 180 } }}
      >
        <Descriptions.Item label={t('account.username')}>
          <Space wrap>
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
          <WechatBind bound={profile.wechatBound} />
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}
