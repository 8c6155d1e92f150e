import { Button, Space, Tag, Typography } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useWechatInfo } from '../../../shared/api/get-provider-info.ts';

/**
 * The WeChat line of the account card: bound, or a way to bind it. When the site has not enabled
 * WeChat sign-in there is nothing to click, so the line says why instead of showing a dead button
 * (the help pages tell users to look for "Bind WeChat" here, so it stays in place).
 */
export function WechatBind({ bound }: { bound: boolean }) {
  const { t } = useTranslation('user');
  const wechat = useWechatInfo();

  if (bound) {
    return (
      <Tag color="green" icon={<WechatOutlined />}>
        {t('account.wechatBound')}
      </Tag>
    );
  }
  const startUrl = wechat.data?.enabled ? wechat.data.startUrl : null;
  return (
    <Space orientation="vertical" size={4} data-testid="wechat-bind">
      <Space wrap>
        <Typography.Text type="secondary">{t('account.notBound')}</Typography.Text>
        {startUrl && (
          <Button size="small" icon={<WechatOutlined />} href={`${startUrl}?intent=bind`}>
            {t('account.wechatBind')}
          </Button>
        )}
      </Space>
      {startUrl && <Typography.Text type="secondary">{t('account.wechatHow')}</Typography.Text>}
      {wechat.data && !startUrl && <Typography.Text type="secondary">{t('account.wechatUnavailable')}</Typography.Text>}
      {wechat.isError && <Typography.Text type="secondary">{t('account.wechatUnknown')}</Typography.Text>}
    </Space>
  );
}
