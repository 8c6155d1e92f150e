import { useState } from 'react';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { toast } from '../../../shared/ui/toast.ts';
import './one-time-secret.css';

export interface OneTimeSecretTexts {
  title: string;
  warning: string;
  detail: string;
  label: string;
  copy: string;
  copiedShort: string;
  /** Toasts after the copy. */
  copied: string;
  copyFailed: string;
  done: string;
}

/**
 * A secret the server keeps only a digest or a signing copy of, shown this once (a new API key, a
 * webhook's signing secret): held in this component's state and nowhere else in the browser, gone
 * when the dialog closes.
 */
export function OneTimeSecretModal(props: {
  secret: string | null;
  texts: OneTimeSecretTexts;
  testId: string;
  onClose: () => void;
}) {
  const { secret, texts } = props;
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      setCopied(true);
      toast.success(texts.copied);
    } catch {
      toast.error(texts.copyFailed);
    }
  };
  const close = () => {
    setCopied(false);
    props.onClose();
  };

  return (
    <Modal
      open={secret !== null}
      title={texts.title}
      onCancel={close}
      // Closing by a stray click outside would lose the only showing of the secret.
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      width={680}
      footer={
        <Button type="primary" onClick={close}>
          {texts.done}
        </Button>
      }
    >
      <div className="one-time-secret">
        <Alert type="warning" showIcon title={texts.warning} description={texts.detail} />
        <Space.Compact className="one-time-secret__row">
          <Input
            readOnly
            value={secret ?? ''}
            aria-label={texts.label}
            className="one-time-secret__value"
            onFocus={(e) => e.currentTarget.select()}
            data-testid={props.testId}
          />
          <Button
            type={copied ? 'default' : 'primary'}
            icon={copied ? <CheckOutlined /> : <CopyOutlined />}
            onClick={() => void copy()}
          >
            {copied ? texts.copiedShort : texts.copy}
          </Button>
        </Space.Compact>
      </div>
    </Modal>
  );
}
