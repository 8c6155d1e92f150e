import { useEffect, useId, useState } from 'react';
import { Input, Select } from 'antd';
import { LazyAlert } from '../../../shared/ui/lazy-notices.tsx';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { COMMUNITY_TAG_CATEGORIES, LIMITS, WORK_PERIODS, WORK_SORTS } from '@turing/contract';
import { useCommunityTags } from '../api/get-tags.ts';
import type { WorkFilters } from '../api/list-works.ts';
import { tagLabel } from '../lib/tag-label.ts';

interface Props {
  filters: WorkFilters;
  onChange(next: WorkFilters, opts?: { replace?: boolean }): void;
}

const SEARCH_DEBOUNCE_MS = 350;

/** Tag selects, sort, period (for the popularity sorts) and a debounced text search. */
export function FilterBar({ filters, onChange }: Props) {
  const { t, i18n } = useTranslation('community');
  const tags = useCommunityTags();
  const id = useId();
  const [text, setText] = useState(filters.q ?? '');

  // Typing settles before the URL (and the request) changes; each keystroke does not become a
  // history entry of its own.
  useEffect(() => {
    const q = text.trim();
    if (q === (filters.q ?? '')) return;
    const timer = setTimeout(() => onChange({ ...filters, q: q || undefined }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters, onChange]);
  // The back button may bring another search back: the field follows the URL.
  const [shownQ, setShownQ] = useState(filters.q);
  if (shownQ !== filters.q) {
    setShownQ(filters.q);
    if ((filters.q ?? '') !== text.trim()) setText(filters.q ?? '');
  }

  return (
    <section className="filter-bar" aria-label={t('filters.label')}>
      {tags.isError && (
        <LazyAlert type="warning" showIcon title={t('filters.tagsFailed')} className="filter-bar__alert" />
      )}
      {COMMUNITY_TAG_CATEGORIES.map((category) => {
        const name = t(`filters.${category}`);
        return (
          <div className="filter-bar__field" key={category}>
            <label htmlFor={`${id}-${category}`}>{name}</label>
            <Select
              id={`${id}-${category}`}
              data-testid={`filter-${category}`}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={tags.isPending}
              disabled={tags.isError}
              placeholder={t('filters.any', { category: name.toLowerCase() })}
              value={filters[category] ?? null}
              options={(tags.data?.[category] ?? []).map((tag) => ({
                value: tag.slug,
                label: tagLabel(tag, i18n.language),
              }))}
              onChange={(value: string | null | undefined) => onChange({ ...filters, [category]: value ?? undefined })}
            />
          </div>
        );
      })}
      <div className="filter-bar__field">
        <label htmlFor={`${id}-sort`}>{t('filters.sort')}</label>
        <Select
          id={`${id}-sort`}
          data-testid="filter-sort"
          value={filters.sort ?? 'latest'}
          options={WORK_SORTS.map((s) => ({ value: s, label: t(`filters.sorts.${s}`) }))}
          onChange={(sort) =>
            onChange({ ...filters, sort, period: sort === 'latest' ? undefined : (filters.period ?? 'week') })
          }
        />
      </div>
      {filters.sort && filters.sort !== 'latest' && (
        <div className="filter-bar__field">
          <label htmlFor={`${id}-period`}>{t('filters.period')}</label>
          <Select
            id={`${id}-period`}
            data-testid="filter-period"
            value={filters.period ?? 'week'}
            options={WORK_PERIODS.map((p) => ({ value: p, label: t(`filters.periods.${p}`) }))}
            onChange={(period) => onChange({ ...filters, period })}
          />
        </div>
      )}
      <div className="filter-bar__field filter-bar__search">
        <label htmlFor={`${id}-q`}>{t('filters.search')}</label>
        <Input
          id={`${id}-q`}
          data-testid="filter-search"
          type="search"
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          maxLength={LIMITS.searchMax}
          placeholder={t('filters.searchPlaceholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => onChange({ ...filters, q: text.trim() || undefined }, { replace: true })}
        />
      </div>
    </section>
  );
}
