import { RENDER_MODES, type RenderMode } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import type { StudioValues } from '../../lib/studio-values.ts';
import './presets.css';

/**
 * The weights each render mode starts from (the sliders below still change them): a neural
 * render holds the base's lines firmly and repaints the surfaces; image to image keeps little of
 * the base, so the prompt and tags restyle it freely; iteration is the form's usual balance.
 */
const RENDER_MODE_WEIGHTS: Record<RenderMode, Pick<StudioValues, 'imageWeight' | 'controlStrength'>> = {
  iterate: { imageWeight: 0.5, controlStrength: 0.6 },
  neural: { imageWeight: 0.25, controlStrength: 0.9 },
  img2img: { imageWeight: 0.3, controlStrength: 0.6 },
};

interface Props {
  value: RenderMode | undefined;
  onChange(patch: Partial<StudioValues>): void;
}

/** Iterative rendering's three ways of treating the base image, as named choices. */
export function RenderModePicker({ value = 'iterate', onChange }: Props) {
  const { t } = useTranslation('design');
  return (
    <div className="preset-modes" role="radiogroup" aria-label={t('presets.renderMode.title')}>
      {RENDER_MODES.map((mode) => (
        <label key={mode} className={mode === value ? 'preset-mode preset-mode--on' : 'preset-mode'}>
          <input
            type="radio"
            name="render-mode"
            value={mode}
            checked={mode === value}
            aria-labelledby={`render-mode-${mode}-name`}
            aria-describedby={`render-mode-${mode}-hint`}
            onChange={() => onChange({ renderMode: mode, ...RENDER_MODE_WEIGHTS[mode] })}
          />
          <span id={`render-mode-${mode}-name`} className="preset-mode__name">
            {t(`presets.renderMode.${mode}`)}
          </span>
          <span id={`render-mode-${mode}-hint`} className="preset-mode__hint">
            {t(`presets.renderMode.${mode}Hint`)}
          </span>
        </label>
      ))}
    </div>
  );
}
