import { Button, Tooltip, Typography } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import type { CostFit, CostPreview } from '@turing/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { BlockReason } from '../lib/studio-values.ts';

const cubesLabel = (t: TFunction, n: number) =>
  n === 1 ? t('design:params.price.cube') : t('design:params.price.cubes', { n });

/** The price a paid action shows on its button: "4 cubes", or "in your plan" when a time plan covers it. */
function priceLabel(t: TFunction, cost: Pick<CostPreview, 'cubes' | 'coveredByPlan'>): string {
  return cost.coveredByPlan ? t('design:params.price.plan') : cubesLabel(t, cost.cubes);
}

/** "2 pictures at HD (4 cubes) fit your balance", or that nothing does. */
export function fitLabel(t: TFunction, fits: CostFit | null | undefined): string {
  if (!fits) return t('design:params.short.nothingFits');
  const price = priceLabel(t, { cubes: fits.cubes, coveredByPlan: false });
  if (fits.upscale) return t('design:params.short.fitsUpscale', { factor: fits.upscale, price });
  return t('design:params.short.fits', { count: fits.count, quality: fits.quality, price });
}

interface Props {
  cost: CostPreview | undefined;
  costLoading: boolean;
  reason: BlockReason | null;
  submitting: boolean;
  onGenerate(): void;
  onBuy(): void;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * What the task will cost, the balance, and Generate with its price on it (disabled with the
 * reason it cannot run yet; short of cubes, what it needs, what is left and what would fit).
 */
export function GenerateBar({ cost, costLoading, reason, submitting, onGenerate, onBuy }: Props) {
  const { t } = useTranslation('design');
  const why = reason ? t(`generate.why.${reason}`) : null;
  return (
    <div className="studio-generate" data-tour="generate">
      <div className="studio-generate__cost" data-testid="cost" aria-live="polite">
        {cost ? (
          <>
            <span>
              {cost.coveredByPlan
                ? t('cost.plan')
                : cost.cubes === 1
                  ? t('cost.cube')
                  : t('cost.cubes', { n: cost.cubes })}
            </span>
            <Typography.Text type={cost.enough ? 'secondary' : 'danger'}>
              {t('cost.balance', { n: cost.balance })}
            </Typography.Text>
          </>
        ) : (
          <Typography.Text type="secondary">{costLoading ? t('cost.loading') : '\u00a0'}</Typography.Text>
        )}
      </div>
      <Tooltip title={why}>
        {/* A disabled button gets no hover events: the wrapper carries the tooltip. */}
        <span className="studio-generate__wrap" data-testid="generate-wrap">
          <Button
            type="primary"
            size="large"
            block
            icon={<ThunderboltOutlined />}
            disabled={reason !== null}
            loading={submitting}
            onClick={onGenerate}
            data-testid="generate"
            aria-describedby={why ? 'studio-generate-why' : undefined}
          >
            {t('generate.button')}
            {cost && <span data-testid="generate-price">{` · ${priceLabel(t, cost)}`}</span>}
          </Button>
        </span>
      </Tooltip>
      <div className="studio-generate__hint">
        {why ? (
          <span id="studio-generate-why" className="studio-generate__why">
            {reason === 'insufficient' && cost
              ? `${t('params.short.needHave', { need: cubesLabel(t, cost.cubes), have: cubesLabel(t, cost.balance) })} ${fitLabel(t, cost.fits)}`
              : why}
            {reason === 'insufficient' && (
              <Button type="link" size="small" onClick={onBuy}>
                {t('purchase.buy')}
              </Button>
            )}
          </span>
        ) : (
          <Typography.Text type="secondary">{t('generate.shortcut', { key: isMac ? '⌘' : 'Ctrl' })}</Typography.Text>
        )}
      </div>
    </div>
  );
}
