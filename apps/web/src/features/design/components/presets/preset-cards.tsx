import { useId, useState } from 'react';
import { Button } from 'antd';
import type { Tag } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import './presets.css';

interface Props {
  /** The group's visible name, which also names it for assistive technology. */
  label: string;
  tags: Tag[];
  selected: readonly string[];
  onToggle(slug: string, on: boolean): void;
  /** 'radio': one at most (a material swap); 'checkbox': several (tags). */
  kind?: 'checkbox' | 'radio';
  /** Cards shown before "Show all"; a selected card further down is always shown. */
  initial?: number;
  /** Unchecked cards are disabled once this many are checked. */
  max?: number;
}

/**
 * Tags as thumbnail cards: a picture of the look and the name in both languages, the current
 * language first. Each card is a native checkbox or radio, so Tab reaches it and Space picks it.
 */
export function PresetCards({ label, tags, selected, onToggle, kind = 'checkbox', initial = 6, max }: Props) {
  const { t, i18n } = useTranslation('design');
  const id = useId();
  const [all, setAll] = useState(false);
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const other = lang === 'zh' ? 'en' : 'zh';
  const lastSelected = Math.max(-1, ...selected.map((s) => tags.findIndex((tag) => tag.slug === s)));
  const shown = all || lastSelected >= initial ? tags : tags.slice(0, initial);
  const full = max !== undefined && selected.length >= max;

  return (
    <div className="preset-cards" role={kind === 'radio' ? 'radiogroup' : 'group'} aria-labelledby={`${id}-label`}>
      <div id={`${id}-label`} className="studio-field__label">
        {label}
      </div>
      <div className="preset-cards__grid">
        {shown.map((tag) => {
          const on = selected.includes(tag.slug);
          return (
            <label key={tag.slug} className={on ? 'preset-card preset-card--on' : 'preset-card'} data-slug={tag.slug}>
              <input
                type={kind}
                name={kind === 'radio' ? id : undefined}
                className="preset-card__input"
                checked={on}
                disabled={!on && full}
                onChange={(e) => onToggle(tag.slug, kind === 'radio' ? true : e.target.checked)}
              />
              <span className="preset-card__thumb" aria-hidden="true">
                {tag.image && <img src={tag.image} alt="" loading="lazy" width={96} height={72} />}
              </span>
              <span className="preset-card__name">{tag.label[lang]}</span>{' '}
              <span className="preset-card__alt" lang={other === 'zh' ? 'zh-CN' : 'en'}>
                {tag.label[other]}
              </span>
            </label>
          );
        })}
      </div>
      {tags.length > initial && lastSelected < initial && (
        <Button type="link" size="small" className="preset-cards__more" onClick={() => setAll((a) => !a)}>
          {all ? t('presets.fewer') : t('presets.more', { count: tags.length })}
        </Button>
      )}
    </div>
  );
}
