import { Alert, Button, Select, Typography } from 'antd';
import { MODELS, type ModelInfo } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useModels } from '../api/list-models.ts';
import { capabilityTags, fitToModel, modelBlock, type ModelBlock } from '../lib/model-fit.ts';
import type { StudioMode, StudioValues } from '../lib/studio-values.ts';
import './model-picker.css';

interface Props {
  mode: StudioMode;
  values: StudioValues;
  onChange(patch: Partial<StudioValues>): void;
}

/** The catalogue entry of the chosen model (undefined while the catalogue loads or when it failed). */
export function useChosenModel(id: string): ModelInfo | undefined {
  return useModels().data?.items.find((m) => m.id === id);
}

/**
 * The model choice: each model with its price at the chosen quality and what it can do; a model
 * that cannot take this task (this page, these images) is shown disabled with the reason in words.
 * Models this server does not run are left out, unless the form already names one (copied
 * parameters): then it shows why, and offers the default instead.
 */
export function ModelPicker({ mode, values, onChange }: Props) {
  const { t, i18n } = useTranslation('design');
  const models = useModels();
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const items = models.data?.items;
  const nameOf = (m: ModelInfo) => m.name[lang];
  const price = (m: ModelInfo) => {
    const n = m.price[values.quality];
    return n === 1 ? t('modelPicker.perImageOne') : t('modelPicker.perImage', { n });
  };
  const tags = (m: ModelInfo) => capabilityTags(m).map(({ key, n }) => t(`modelPicker.tags.${key}`, { n }));
  const why = (block: ModelBlock) => t(`modelPicker.why.${block}`);

  if (!items) {
    // Until the catalogue arrives (or when it cannot), the product's own two models, as before.
    return (
      <>
        <Select
          aria-labelledby="studio-model"
          data-testid="model-select"
          loading={models.isPending}
          value={values.model}
          options={MODELS.slice(0, 2).map((v) => ({ value: v, label: t(`form.models.${v}`) }))}
          onChange={(model) => onChange({ model })}
        />
        {models.isError && (
          <Typography.Text type="secondary" className="studio-field__note">
            {t('modelPicker.loadFailed')}
          </Typography.Text>
        )}
      </>
    );
  }

  const chosen = items.find((m) => m.id === values.model);
  const shown = items.filter((m) => m.available || m.id === values.model);
  const chosenBlock = chosen ? modelBlock(chosen, mode, values) : null;
  const fallback =
    shown.find((m) => m.id === 'architecture' && !modelBlock(m, mode, values)) ??
    shown.find((m) => !modelBlock(m, mode, values));

  return (
    <>
      <Select
        aria-labelledby="studio-model"
        data-testid="model-select"
        value={values.model}
        virtual={false}
        listHeight={420}
        popupMatchSelectWidth={false}
        classNames={{ popup: { root: 'model-picker__popup' } }}
        labelRender={({ value }) => {
          const m = items.find((x) => x.id === value);
          return m ? `${nameOf(m)} · ${price(m)}` : String(value);
        }}
        options={shown.map((m) => {
          const block = modelBlock(m, mode, values);
          const reason = block ? why(block) : null;
          return {
            value: m.id,
            disabled: block !== null,
            // Read out in full: the name, price, what it can do and, when disabled, why.
            'aria-label': [nameOf(m), price(m), ...tags(m), reason].filter(Boolean).join(', '),
            label: (
              <div className="model-option" data-testid={`model-option-${m.id}`}>
                <div className="model-option__head">
                  <span className="model-option__name">{nameOf(m)}</span>
                  <span className="model-option__price">{price(m)}</span>
                </div>
                <div className="model-option__tags">
                  {tags(m).map((tag) => (
                    <span key={tag} className="model-option__tag">
                      {tag}
                    </span>
                  ))}
                </div>
                {reason && (
                  <div className="model-option__why" data-testid="model-why">
                    {reason}
                  </div>
                )}
              </div>
            ),
          };
        })}
        onChange={(id) => {
          const next = items.find((m) => m.id === id);
          if (next) onChange(fitToModel(next, values));
        }}
      />
      {chosen && (
        <div
          className="model-option__tags model-picker__can"
          aria-label={t('modelPicker.canDo')}
          data-testid="model-tags"
        >
          {tags(chosen).map((tag) => (
            <span key={tag} className="model-option__tag">
              {tag}
            </span>
          ))}
        </div>
      )}
      {chosen && chosenBlock && (
        <Alert
          type="warning"
          showIcon
          className="model-picker__unusable"
          data-testid="model-unusable"
          title={t('modelPicker.unusable', { name: nameOf(chosen), reason: why(chosenBlock) })}
          action={
            fallback && (
              <Button size="small" onClick={() => onChange(fitToModel(fallback, values))}>
                {t('modelPicker.useDefault', { name: nameOf(fallback) })}
              </Button>
            )
          }
        />
      )}
    </>
  );
}
