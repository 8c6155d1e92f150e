import { Modal } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routes/paths.ts';
import { usePurchaseOptions } from '../api/purchase-options.ts';
import { suggestProduct } from '../lib/suggest-product.ts';

interface Props {
  open: boolean;
  message?: string;
  /** Cubes missing for the task the user wanted to generate. */
  shortBy?: number;
  onClose(): void;
}

/** Insufficient balance: offers the product page with the product that fits preselected. */
export function PurchaseModal({ open, message, shortBy = 1, onClose }: Props) {
  const { t } = useTranslation('design');
  const navigate = useNavigate();
  const options = usePurchaseOptions(open);
  const suggested = options.data ? suggestProduct(options.data.products, options.data.orders, shortBy) : null;
  return (
    <Modal
      open={open}
      title={t('purchase.title')}
      okText={t('purchase.go')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: open && options.isPending }}
      // Without the suggestion (still loading or failed) the page opens with its own default.
      onOk={() => navigate(suggested ? `${PATHS.product}?product=${encodeURIComponent(suggested)}` : PATHS.product)}
      onCancel={onClose}
    >
      <p>{message || t('errors:INSUFFICIENT_BALANCE')}</p>
      <p>{t('purchase.body')}</p>
    </Modal>
  );
}
