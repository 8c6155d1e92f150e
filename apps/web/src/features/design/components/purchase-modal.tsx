import { Modal } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routes/paths.ts';

/** Insufficient balance: offers the product page (cubes and time plans). */
export function PurchaseModal({ open, message, onClose }: { open: boolean; message?: string; onClose(): void }) {
  const { t } = useTranslation('design');
  const navigate = useNavigate();
  return (
    <Modal
      open={open}
      title={t('purchase.title')}
      okText={t('purchase.go')}
      cancelText={t('cancel')}
      onOk={() => navigate(PATHS.product)}
      onCancel={onClose}
    >
      <p>{message || t('errors:INSUFFICIENT_BALANCE')}</p>
      <p>{t('purchase.body')}</p>
    </Modal>
  );
}
