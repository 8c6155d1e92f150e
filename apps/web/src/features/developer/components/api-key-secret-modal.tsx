import { useState } from 'react';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';

/**
 * The new key's secret, this once: only its digest is kept, so it cannot be shown again. It is
 * held in this component's state and nowhere else, and goes when the dialog closes.
 */
export function ApiKeySecretModal({ token, onClose }: { token: string | null; onClose: () => void }) {
  const { t } = useTranslation('developer');
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token ?? '');
      setCopied(true);
      toast.success(t('keys.secret.copied'));
    } catch {
      toast.error(t('keys.secret.copyFailed'));
    }
  };
  const close = () => {
    setCopied(false);
    onClose();
  };

  return (
    <Modal
      open={token !== null}
      title={t('keys.secret.title')}
      onCancel={close}
      // Closing by a stray click outside would lose the only copy of the key.
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      width={680}
      footer={
        <Button type="primary" onClick={close}>
          {t('keys.secret.done')}
        </Button>
      }
    >
      <div className="api-keys__secret">
        <Alert type="warning" showIcon title={t('keys.secret.warning')} description={t('keys.secret.warningDetail')} />
        <Space.Compact className="api-keys__secret-row">
          <Input
            readOnly
            value={token ?? ''}
            aria-label={t('keys.secret.label')}
            className="api-keys__secret-value"
            onFocus={(e) => e.currentTarget.select()}
            data-testid="api-key-secret"
          />
          <Button
            type={copied ? 'default' : 'primary'}
            icon={copied ? <CheckOutlined /> : <CopyOutlined />}
            onClick={() => void copy()}
          >
            {copied ? t('keys.secret.copiedShort') : t('keys.secret.copy')}
          </Button>
        </Space.Compact>
      </div>
    </Modal>
  );
}
