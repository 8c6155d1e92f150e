import { Segmented, Select, Typography } from 'antd';
import { DESIGN_TYPES, LIMITS, QUALITIES, SIZE_PRESETS } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { ratioLabel } from '../lib/aspect.ts';
import type { StudioMode, StudioValues } from '../lib/studio-values.ts';
import { defaultAspect, makesAspect, maxCount } from '../lib/model-fit.ts';
import { FitPreview } from './fit-preview.tsx';
import { ModelPicker, useChosenModel } from './model-picker.tsx';
import './params.css';

interface Props {
  mode: StudioMode;
  values: StudioValues;
  onChange(patch: Partial<StudioValues>): void;
}

/** The size choice that keeps the base image's own ratio (no preset sent). */
const BASE = 'base';

const COUNTS = Array.from({ length: LIMITS.taskCountMax }, (_, i) => i + 1);

/**
 * Type, model, size, number of pictures (up to 8) and quality. Iterative rendering keeps the base
 * image's own ratio unless another aspect is chosen, and then shows how the base will be cropped.
 */
export function BasicOptions({ mode, values, onChange }: Props) {
  const { t, i18n } = useTranslation('design');
  const base = values.images.base;
  const model = useChosenModel(values.model);
  const modelName = model ? model.name[i18n.language === 'zh' ? 'zh' : 'en'] : '';
  const most = maxCount(model);
  const aspects = model?.capabilities.aspects;
  // Said only when some preset is not among them (a list of every preset limits nothing).
  const only = Array.isArray(aspects) && SIZE_PRESETS.some((preset) => !aspects.includes(preset)) ? aspects : null;
  return (
    <div className="studio-fields">
      <Field label={t('form.type')} id="studio-type">
        <Segmented
          block
          aria-labelledby="studio-type"
          value={values.type}
          options={DESIGN_TYPES.map((v) => ({ value: v, label: t(`form.types.${v}`) }))}
          onChange={(type) => onChange({ type, tags: { style: [], material: [], function: [] } })}
        />
      </Field>
      <Field label={t('form.model')} id="studio-model">
        <ModelPicker mode={mode} values={values} onChange={onChange} />
      </Field>
      {mode !== 'edit' && (
        <Field label={t('form.size')} id="studio-size">
          <Select
            aria-labelledby="studio-size"
            data-testid="size-select"
            value={values.size ?? (mode === 'text' ? defaultAspect(model) : BASE)}
            options={[
              ...(mode === 'text'
                ? []
                : [
                    {
                      value: BASE,
                      label: base
                        ? t('params.size.baseOf', { ratio: ratioLabel(base.width, base.height) })
                        : t('params.size.base'),
                    },
                  ]),
              ...SIZE_PRESETS.map((v) => ({
                value: v,
                label: t(`form.sizes.${v.replace(':', 'x')}`),
                disabled: !makesAspect(model, v),
              })),
            ]}
            onChange={(size: string) => onChange({ size: SIZE_PRESETS.find((preset) => preset === size) })}
          />
          {only && (
            <Typography.Text type="secondary" className="studio-field__note" data-testid="model-aspects">
              {t('modelPicker.aspects', { name: modelName, aspects: only.join(', ') })}
            </Typography.Text>
          )}
          {mode === 'iterate' && base && values.size && <FitPreview base={base} size={values.size} />}
        </Field>
      )}
      {mode === 'edit' && base && (
        <Typography.Text type="secondary" className="studio-field__note" data-testid="edit-keeps-view">
          {t('params.size.editKeeps', { ratio: ratioLabel(base.width, base.height) })}
        </Typography.Text>
      )}
      <Field label={t('form.count')} id="studio-count">
        <Segmented
          block
          aria-labelledby="studio-count"
          value={values.count}
          options={COUNTS.map((n) => ({ value: n, label: String(n), disabled: n > most }))}
          onChange={(count) => onChange({ count })}
        />
        {most < LIMITS.taskCountMax && (
          <Typography.Text type="secondary" className="studio-field__note" data-testid="model-count-max">
            {t('modelPicker.countMax', { name: modelName, n: most })}
          </Typography.Text>
        )}
      </Field>
      <Field label={t('form.quality')} id="studio-quality">
        <Segmented
          block
          aria-labelledby="studio-quality"
          value={values.quality}
          options={QUALITIES.map((q) => ({ value: q, label: q, title: t(`form.qualities.${q}`) }))}
          onChange={(quality) => onChange({ quality })}
        />
      </Field>
    </div>
  );
}

export function Field({
  label,
  id,
  children,
  extra,
}: {
  label: string;
  id: string;
  children: React.ReactNode;
  extra?: React.ReactNode;
}) {
  return (
    <div className="studio-field">
      <div className="studio-field__head">
        <span id={id} className="studio-field__label">
          {label}
        </span>
        {extra}
      </div>
      {children}
    </div>
  );
}
