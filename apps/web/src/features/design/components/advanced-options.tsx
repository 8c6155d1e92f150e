import { Checkbox, InputNumber, Tooltip, Typography } from 'antd';
import { LIMITS } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import type { StudioValues } from '../lib/studio-values.ts';
import { Field } from './basic-options.tsx';
import { useChosenModel } from './model-picker.tsx';
import './params.css';

interface Props {
  values: StudioValues;
  onChange(patch: Partial<StudioValues>): void;
}

/**
 * The seed (empty: a new one for every task) and whether to keep it, so the composition holds
 * while the prompt changes. Each control changes only its own value: typing a seed leaves "Keep
 * seed" as it is (ticking it next must keep that seed, not toggle it off and erase it), and a typed
 * seed without "Keep seed" goes with the next task only.
 */
export function AdvancedOptions({ values, onChange }: Props) {
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
            onChange={(v) => onChange({ seed: typeof v === 'number' && Number.isInteger(v) ? v : undefined })}
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
    </div>
  );
}
