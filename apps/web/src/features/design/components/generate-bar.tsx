import { Button, Tooltip, Typography } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import type { CostPreview } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import type { BlockReason } from '../lib/studio-values.ts';

interface Props {
  cost: CostPreview | undefined;
  costLoading: boolean;
  reason: BlockReason | null;
  submitting: boolean;
  onGenerate(): void;
  onBuy(): void;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** What the task will cost, the balance, and Generate (disabled with the reason it cannot run yet). */
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
          </Button>
        </span>
      </Tooltip>
      <div className="studio-generate__hint">
        {why ? (
          <span id="studio-generate-why" className="studio-generate__why">
            {why}
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
