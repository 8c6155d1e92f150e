import { Button, Divider } from 'antd';
import { GoogleOutlined, WechatOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useGoogleInfo, useWechatInfo } from '../../../shared/api/get-provider-info.ts';

/** Sign-in with Google or WeChat, shown only when the server has them configured. */
export function SsoButtons() {
  const { t } = useTranslation('auth');
  const google = useGoogleInfo();
  const wechat = useWechatInfo();
  const googleUrl = google.data?.enabled ? google.data.startUrl : null;
  const wechatUrl = wechat.data?.enabled ? wechat.data.startUrl : null;
  if (!googleUrl && !wechatUrl) return null;
  return (
    <>
      <Divider plain>{t('or')}</Divider>
      <div style={{ display: 'grid', gap: 12 }}>
        {googleUrl && (
          <Button block icon={<GoogleOutlined />} href={googleUrl}>
            {t('google')}
          </Button>
        )}
        {wechatUrl && (
          <Button block icon={<WechatOutlined />} href={`${wechatUrl}?intent=login`}>
            {t('wechat')}
          </Button>
        )}
      </div>
    </>
  );
}
