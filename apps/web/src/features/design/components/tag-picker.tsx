import { Alert, Button, Skeleton, Tag } from 'antd';
import { LIMITS, TAG_CATEGORIES, type DesignType, type TagCategory } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useDesignTags } from '../../../shared/api/get-design-tags.ts';
import type { StudioValues } from '../lib/studio-values.ts';

interface Props {
  type: DesignType;
  value: StudioValues['tags'];
  onChange(tags: StudioValues['tags']): void;
}

/** Style, material and function tags as chips, labelled in the current language. */
export function TagPicker({ type, value, onChange }: Props) {
  const { t, i18n } = useTranslation('design');
  const tags = useDesignTags(type);
  const lang = i18n.language === 'zh' ? 'zh' : 'en';

  if (tags.isPending) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  if (tags.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('tags.loadFailed')}
        action={
          <Button size="small" onClick={() => void tags.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }

  const toggle = (category: TagCategory, slug: string, on: boolean) => {
    const current = value[category];
    if (on && current.length >= LIMITS.tagsPerCategoryMax) return;
    onChange({ ...value, [category]: on ? [...current, slug] : current.filter((s) => s !== slug) });
  };

  return (
    <div className="studio-tags">
      {TAG_CATEGORIES.map((category) => (
        <div key={category} className="studio-tags__group" role="group" aria-label={t(`tags.${category}`)}>
          <div className="studio-field__label">{t(`tags.${category}`)}</div>
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
      ))}
    </div>
  );
}
