import { Button } from 'antd';
import type { DesignType } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useDesignTags } from '../../../../shared/api/get-design-tags.ts';
import type { StudioValues } from '../../lib/studio-values.ts';
import { TagsState } from '../tags-state.tsx';
import { PresetCards } from './preset-cards.tsx';
import './presets.css';

interface Props {
  type: DesignType;
  tags: StudioValues['tags'];
  onChange(patch: Partial<StudioValues>): void;
}

/**
 * Step editing's material swap: the region drawn on the image becomes the material picked here.
 * The choice is the task's material tag, so the engine reads the material's own words and
 * "copy parameters" brings it back.
 */
export function MaterialSwap({ type, tags, onChange }: Props) {
  const { t, i18n } = useTranslation('design');
  const list = useDesignTags(type);
  const lang = i18n.language === 'zh' ? 'zh' : 'en';

  if (!list.data) return <TagsState query={list} rows={2} />;
  const chosen = list.data.material.find((m) => m.slug === tags.material[0]);
  const set = (material: string[]) => onChange({ tags: { ...tags, material } });

  return (
    <div className="preset-swap" data-testid="material-swap">
      <PresetCards
        kind="radio"
        label={t('presets.materialSwap.label')}
        tags={list.data.material}
        selected={tags.material.slice(0, 1)}
        initial={9}
        onToggle={(slug) => set([slug])}
      />
      <div className="preset-swap__adds" aria-live="polite">
        {chosen ? (
          <>
            {t('presets.materialSwap.adds', { text: chosen.prompt[lang] })}{' '}
            <Button type="link" size="small" onClick={() => set([])}>
              {t('presets.materialSwap.clear')}
            </Button>
          </>
        ) : (
          t('presets.materialSwap.hint')
        )}
      </div>
    </div>
  );
}
