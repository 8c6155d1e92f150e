import { useTranslation } from 'react-i18next';
import type { StudioMode, StudioValues } from '../../lib/studio-values.ts';
import { MaterialSwap } from './material-swap.tsx';
import { RenderModePicker } from './render-mode-picker.tsx';

interface Props {
  mode: StudioMode;
  values: StudioValues;
  onChange(patch: Partial<StudioValues>): void;
}

/** The named choices of a studio page: render modes when iterating, the material swap when editing. */
export function ModePresets({ mode, values, onChange }: Props) {
  const { t } = useTranslation('design');
  if (mode === 'text') return null;
  const title = mode === 'iterate' ? t('presets.renderMode.title') : t('presets.materialSwap.title');
  return (
    <section className="studio-section" data-testid={`presets-${mode}`}>
      <h2 className="studio-section__title">{title}</h2>
      {mode === 'iterate' ? (
        <RenderModePicker value={values.renderMode} onChange={onChange} />
      ) : (
        <MaterialSwap type={values.type} tags={values.tags} onChange={onChange} />
      )}
    </section>
  );
}
