import { useState } from 'react';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';

/**
 * A signing secret, this once (after adding an endpoint or rotating its secret). It is held in this
 * component's state and nowhere else in the browser, and goes when the dialog closes.
 */
export function WebhookSecretModal(props: { secret: string | null; rotated: boolean; onClose: () => void }) {
  const { t } = useTranslation('developer-webhooks');
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.secret ?? '');
      setCopied(true);
      toast.success(t('secret.copied'));
    } catch {
      toast.error(t('secret.copyFailed'));
    }
  };
  const close = () => {
    setCopied(false);
    props.onClose();
  };

  return (
    <Modal
      open={props.secret !== null}
      title={props.rotated ? t('secret.rotatedTitle') : t('secret.title')}
      onCancel={close}
      // Closing by a stray click outside would lose the only showing of the secret.
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      width={680}
      footer={
        <Button type="primary" onClick={close}>
          {t('secret.done')}
        </Button>
      }
    >
      <div className="webhooks__secret">
        <Alert
          type="warning"
          showIcon
          title={t('secret.warning')}
          description={props.rotated ? t('secret.rotatedDetail') : t('secret.warningDetail')}
        />
        <Space.Compact className="webhooks__secret-row">
          <Input
            readOnly
            value={props.secret ?? ''}
            aria-label={t('secret.label')}
            className="webhooks__secret-value"
            onFocus={(e) => e.currentTarget.select()}
            data-testid="webhook-secret"
          />
          <Button
            type={copied ? 'default' : 'primary'}
            icon={copied ? <CheckOutlined /> : <CopyOutlined />}
            onClick={() => void copy()}
          >
            {copied ? t('secret.copiedShort') : t('secret.copy')}
          </Button>
        </Space.Compact>
      </div>
    </Modal>
  );
}
