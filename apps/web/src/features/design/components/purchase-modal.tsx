import { useState } from 'react';
import { Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routes/paths.ts';
import { purchaseOptionsQueryOptions, usePurchaseOptions } from '../api/purchase-options.ts';
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
  const client = useQueryClient();
  // Fetched as the prompt opens, so the suggestion is usually ready before the click.
  usePurchaseOptions(open);
  const [going, setGoing] = useState(false);

  const go = async () => {
    setGoing(true);
    try {
      const { products, orders } = await client.ensureQueryData(purchaseOptionsQueryOptions());
      const id = suggestProduct(products, orders, shortBy);
      await navigate(id ? `${PATHS.product}?product=${encodeURIComponent(id)}` : PATHS.product);
    } catch {
      // Without a suggestion the page still opens, with its own default choice.
      await navigate(PATHS.product);
    } finally {
      setGoing(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('purchase.title')}
      okText={t('purchase.go')}
      cancelText={t('cancel')}
      confirmLoading={going}
      onOk={() => void go()}
      onCancel={onClose}
    >
      <p>{message || t('errors:INSUFFICIENT_BALANCE')}</p>
      <p>{t('purchase.body')}</p>
    </Modal>
  );
}
