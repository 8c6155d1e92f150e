import { Tag } from 'antd';
import { LIMITS, TAG_CATEGORIES, type DesignType, type TagCategory } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useDesignTags } from '../../../shared/api/get-design-tags.ts';
import type { StudioValues } from '../lib/studio-values.ts';
import { PresetCards } from './presets/preset-cards.tsx';
import { TagsState } from './tags-state.tsx';

interface Props {
  type: DesignType;
  value: StudioValues['tags'];
  onChange(tags: StudioValues['tags']): void;
  /** Categories another control of the page offers instead (step editing's material swap). */
  hide?: readonly TagCategory[];
}

/** The name of a category's group: the function tags are room types inside, building types outside. */
const categoryLabelKey = (category: TagCategory, type: DesignType) =>
  category !== 'function' ? `tags.${category}` : type === 'interior' ? 'presets.roomType' : 'presets.buildingType';

/**
 * Styles and materials as thumbnail cards, room or building types as chips, labelled in the
 * current language. Room and building types become cards too once an operator gives them pictures
 * (`<DATA_DIR>/presets/function/<slug>.jpg`).
 */
export function TagPicker({ type, value, onChange, hide = [] }: Props) {
  const { t, i18n } = useTranslation('design');
  const tags = useDesignTags(type);
  const lang = i18n.language === 'zh' ? 'zh' : 'en';

  if (!tags.data) return <TagsState query={tags} rows={3} />;

  const toggle = (category: TagCategory, slug: string, on: boolean) => {
    const current = value[category];
    if (on && current.length >= LIMITS.tagsPerCategoryMax) return;
    onChange({ ...value, [category]: on ? [...current, slug] : current.filter((s) => s !== slug) });
  };

  return (
    <div className="studio-tags">
      {TAG_CATEGORIES.filter((c) => !hide.includes(c)).map((category) =>
        category !== 'function' || tags.data[category].some((tag) => tag.image) ? (
          <PresetCards
            key={category}
            label={t(categoryLabelKey(category, type))}
            tags={tags.data[category]}
            selected={value[category]}
            max={LIMITS.tagsPerCategoryMax}
            onToggle={(slug, on) => toggle(category, slug, on)}
          />
        ) : (
          <div
            key={category}
            className="studio-tags__group"
            role="group"
            aria-label={t(categoryLabelKey(category, type))}
          >
            <div className="studio-field__label">{t(categoryLabelKey(category, type))}</div>
            <div className="studio-tags__chips">
              {tags.data[category].map((tag) => (
                <Tag.CheckableTag
                  key={tag.slug}
                  checked={value[category].includes(tag.slug)}
                  onChange={(on) => toggle(category, tag.slug, on)}
                  className="studio-chip"
                >
                  {tag.label[lang]}
                </Tag.CheckableTag>
              ))}
            </div>
          </div>
        ),
      )}
    </div>
  );
}
