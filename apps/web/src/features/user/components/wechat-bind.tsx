import { Button, Space, Tag, Typography } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useWechatInfo } from '../../../shared/api/get-provider-info.ts';

/**
 * The address that starts binding: the server's start address with `intent=bind` added to what it
 * already asks (its own query string stays). A path on this site stays a path.
 */
function bindUrl(startUrl: string) {
  const url = new URL(startUrl, window.location.href);
  url.searchParams.set('intent', 'bind');
  const sameSite = startUrl.startsWith('/') && !startUrl.startsWith('//');
  return sameSite ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

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
          <Button size="small" icon={<WechatOutlined />} href={bindUrl(startUrl)}>
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
