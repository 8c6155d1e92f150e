import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioMode, StudioValues } from '../lib/studio-values.ts';
import { AdvancedOptions } from './advanced-options.tsx';
import { BasicOptions } from './basic-options.tsx';
import { ModePresets } from './presets/mode-presets.tsx';
import { PromptField } from './prompt-field.tsx';
import { TagPicker } from './tag-picker.tsx';
import { WeightSliders } from './weight-sliders.tsx';
import { WordPackagePicker } from './word-package-picker.tsx';

interface Props {
  mode: StudioMode;
  values: StudioValues;
  onChange(patch: Partial<StudioValues>): void;
  /** The image slots, above the parameters. */
  slots?: ReactNode;
  /** Cost and Generate, kept in view at the bottom. */
  footer: ReactNode;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="studio-section">
      <h2 className="studio-section__title">{title}</h2>
      {children}
    </section>
  );
}

/** The left column: everything a task is made with, then its cost and the Generate button. */
export function ParameterPanel({ mode, values, onChange, slots, footer }: Props) {
  const { t } = useTranslation('design');
  return (
    <aside className="studio-panel" aria-label={t('panel.label')}>
      <div className="studio-panel__body">
        {slots && <Section title={t('panel.images')}>{slots}</Section>}
        <ModePresets mode={mode} values={values} onChange={onChange} />
        <div data-tour="params">
          <Section title={t('panel.describe')}>
            <PromptField
              prompt={values.prompt}
              negativePrompt={values.negativePrompt}
              model={values.model}
              onChange={onChange}
              improve={{ mode, type: values.type, tags: values.tags }}
            />
          </Section>
          <Section title={t('panel.settings')}>
            <BasicOptions mode={mode} values={values} onChange={onChange} />
          </Section>
          <Section title={t('panel.weights')}>
            <WeightSliders mode={mode} values={values} onChange={onChange} />
          </Section>
          <Section title={t('panel.tags')}>
            <TagPicker
              type={values.type}
              value={values.tags}
              onChange={(tags) => onChange({ tags })}
              hide={mode === 'edit' ? ['material'] : undefined}
            />
          </Section>
          <Section title={t('panel.packages')}>
            <WordPackagePicker
              value={values.wordPackageIds}
              onChange={(wordPackageIds) => onChange({ wordPackageIds })}
            />
          </Section>
          <Section title={t('params.advanced')}>
            <AdvancedOptions values={values} onChange={onChange} />
          </Section>
        </div>
      </div>
      <div className="studio-panel__footer">{footer}</div>
    </aside>
  );
}
