import { useState } from 'react';
import { Alert, Button, Input, Space } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { reviewPath } from '../../../shared/routes/paths.ts';
import { toast } from '../../../shared/ui/toast.ts';

/** The page a link opens: this app's address with the review route after `#`, which browsers never send. */
const reviewUrl = (token: string) => `${window.location.origin}${window.location.pathname}#${reviewPath(token)}`;

/**
 * A new link's full address, shown this once: the server keeps only a digest of its token. Held in
 * the dialog's state and nowhere else in the browser.
 */
export function ReviewLinkSecret(props: { token: string; onDone: () => void }) {
  const { t } = useTranslation('project');
  const [copied, setCopied] = useState(false);
  const url = reviewUrl(props.token);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success(t('share.secret.copiedToast'));
    } catch {
      toast.error(t('share.secret.copyFailed'));
    }
  };

  return (
    <section className="review-share__section review-share__secret" aria-labelledby="review-link-secret-title">
      <h3 id="review-link-secret-title" className="review-share__heading">
        {t('share.secret.title')}
      </h3>
      <Alert type="warning" showIcon title={t('share.secret.warning')} description={t('share.secret.detail')} />
      <Space.Compact className="review-share__secret-row">
        <Input
          readOnly
          value={url}
          aria-label={t('share.secret.label')}
          className="review-share__secret-value"
          onFocus={(e) => e.currentTarget.select()}
          data-testid="review-link-url"
        />
        <Button
          type={copied ? 'default' : 'primary'}
          icon={copied ? <CheckOutlined /> : <CopyOutlined />}
          onClick={() => void copy()}
        >
          {copied ? t('share.secret.copied') : t('share.secret.copy')}
        </Button>
      </Space.Compact>
      <div>
        <Button onClick={props.onDone} data-testid="review-link-done">
          {t('share.secret.done')}
        </Button>
      </div>
    </section>
  );
}
