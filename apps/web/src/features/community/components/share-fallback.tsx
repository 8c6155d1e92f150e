import { Alert, Button, Input, Modal } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The link, selectable, when the browser cannot copy it ("browser copy unsupported"). */
export function ShareFallback({ url, onClose }: { url: string | null; onClose(): void }) {
  const { t } = useTranslation('community');
  const id = useId();
  return (
    <Modal
      open={url !== null}
      title={t('actions.share')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('actions.close')}</Button>}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('actions.copyUnsupported')} style={{ marginBottom: 12 }} />
      <label htmlFor={id}>{t('actions.shareLink')}</label>
      <Input
        id={id}
        data-testid="share-link"
        readOnly
        value={url ?? ''}
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
      />
    </Modal>
  );
}
