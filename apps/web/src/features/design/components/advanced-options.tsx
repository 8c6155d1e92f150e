import { Button, Checkbox, InputNumber, Tooltip, Typography } from 'antd';
import { LIMITS, type CostPreview } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import type { VaryStrength } from '../lib/variation.ts';
import type { StudioValues } from '../lib/studio-values.ts';
import { Field } from './basic-options.tsx';
import { priceLabel } from './generate-bar.tsx';
import { useChosenModel } from './model-picker.tsx';
import './params.css';

export interface VaryControl {
  onVary(strength: VaryStrength): void;
  cost: CostPreview | undefined;
  busy: boolean;
}

interface Props {
  values: StudioValues;
  onChange(patch: Partial<StudioValues>): void;
  /** "Vary subtly / strongly" on the latest result, when there is one. */
  vary?: VaryControl;
}

/**
 * The seed (empty: a new one for every task) and whether to keep it, so the composition holds
 * while the prompt changes; and variations of the latest result.
 */
export function AdvancedOptions({ values, onChange, vary }: Props) {
  const { t, i18n } = useTranslation('design');
  const model = useChosenModel(values.model);
  // A model that cannot keep a seed takes none: the field is off and says why.
  const seedless = model?.capabilities.seed === false;
  return (
    <div className="studio-fields">
      <Field label={t('params.seed.label')} id="studio-seed">
        <div className="studio-advanced__seed">
          <InputNumber
            aria-labelledby="studio-seed"
            data-testid="seed-input"
            min={0}
            max={LIMITS.seedMax}
            precision={0}
            disabled={seedless}
            aria-describedby={seedless ? 'studio-seed-why' : undefined}
            placeholder={t('params.seed.random')}
            value={seedless ? null : (values.seed ?? null)}
            onChange={(v) =>
              typeof v === 'number' && Number.isInteger(v)
                ? onChange({ seed: v, keepSeed: true })
                : onChange({ seed: undefined })
            }
          />
          <Tooltip title={t('params.seed.keepHint')}>
            <Checkbox
              data-testid="keep-seed"
              disabled={seedless}
              checked={values.keepSeed && !seedless}
              onChange={(e) => onChange(e.target.checked ? { keepSeed: true } : { keepSeed: false, seed: undefined })}
            >
              {t('params.seed.keep')}
            </Checkbox>
          </Tooltip>
        </div>
        {seedless && model && (
          <Typography.Text type="secondary" className="studio-field__note" id="studio-seed-why" data-testid="seed-why">
            {t('modelPicker.seedUnsupported', { name: model.name[i18n.language === 'zh' ? 'zh' : 'en'] })}
          </Typography.Text>
        )}
      </Field>
      {vary && (
        <Field label={t('params.vary.label')} id="studio-vary">
          <div className="studio-advanced__vary" role="group" aria-labelledby="studio-vary">
            {(['subtle', 'strong'] as const).map((strength) => (
              <Button
                key={strength}
                data-testid={`vary-${strength}`}
                disabled={vary.busy || vary.cost?.enough === false}
                onClick={() => vary.onVary(strength)}
              >
                {t(`params.vary.${strength}`)}
                {vary.cost && ` · ${priceLabel(t, vary.cost)}`}
              </Button>
            ))}
          </div>
        </Field>
      )}
    </div>
  );
}
