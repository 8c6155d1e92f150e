import { useState } from 'react';
import { Button, Modal } from 'antd';
import type { CostFit } from '@turing/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routes/paths.ts';
import { purchaseOptionsQueryOptions, usePurchaseOptions } from '../api/purchase-options.ts';
import { suggestProduct } from '../lib/suggest-product.ts';
import { fitLabel } from './generate-bar.tsx';

interface Props {
  open: boolean;
  message?: string;
  /** Cubes missing for the task the user wanted to generate. */
  shortBy?: number;
  /** The largest variant the balance pays for (null: none), when known. */
  fits?: CostFit | null;
  /** Takes that variant into the form. */
  onFit?(fits: CostFit): void;
  onClose(): void;
}

/**
 * Not enough cubes: what the task needs and what is left, the largest variant that fits (which
 * can be taken into the form), and the product page with the product that covers it preselected.
 */
export function PurchaseModal({ open, message, shortBy = 1, fits, onFit, onClose }: Props) {
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
      <p data-testid="purchase-message">{message || t('purchase.title')}</p>
      {fits !== undefined && (
        <p data-testid="purchase-fits">
          {fitLabel(t, fits)}
          {fits && onFit && (
            <Button
              type="link"
              size="small"
              onClick={() => {
                onFit(fits);
                onClose();
              }}
            >
              {t('params.short.useFit')}
            </Button>
          )}
        </p>
      )}
      <p>{t('purchase.body')}</p>
    </Modal>
  );
}
