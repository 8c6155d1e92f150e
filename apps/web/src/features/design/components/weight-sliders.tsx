import { InputNumber, Slider } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StudioMode, StudioValues } from '../lib/studio-values.ts';

type WeightKey = 'imageWeight' | 'textWeight' | 'controlStrength';

interface Props {
  mode: StudioMode;
  values: StudioValues;
  onChange(patch: Partial<StudioValues>): void;
}

/** Image weight, text weight and control strength (0–1), each as a slider and an exact number. */
export function WeightSliders({ mode, values, onChange }: Props) {
  const { t } = useTranslation('design');
  const keys: WeightKey[] = mode === 'text' ? ['textWeight'] : ['imageWeight', 'textWeight', 'controlStrength'];
  return (
    <div className="studio-fields">
      {keys.map((key) => (
        <div key={key} className="studio-weight">
          <span id={`studio-${key}`} className="studio-field__label">
            {t(`form.${key}`)}
          </span>
          <Slider
            min={0}
            max={1}
            step={0.05}
            value={values[key]}
            onChange={(v) => onChange({ [key]: v })}
            ariaLabelledByForHandle={`studio-${key}`}
            className="studio-weight__slider"
          />
          <InputNumber
            size="small"
            min={0}
            max={1}
            step={0.05}
            value={values[key]}
            aria-labelledby={`studio-${key}`}
            onChange={(v) => typeof v === 'number' && onChange({ [key]: Math.round(v * 100) / 100 })}
            className="studio-weight__number"
          />
        </div>
      ))}
    </div>
  );
}
