import { useEffect, useState } from 'react';
import { Button, DatePicker, Input, Segmented, Select } from 'antd';
import { MODELS, PROJECT_LIMITS, TASK_MODES } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { activeFilterCount, type ProjectFilterState } from '../lib/list-filters.ts';

interface Props {
  filters: ProjectFilterState;
  onChange(patch: Partial<ProjectFilterState>): void;
  onReset(): void;
}

/** How long typing pauses before the list searches: one question per word, not per letter. */
const SEARCH_PAUSE_MS = 300;

type RangeValue = Parameters<NonNullable<React.ComponentProps<typeof DatePicker.RangePicker>['onChange']>>[0];

/** Search (name, note, prompt, tag), whose projects, sort, and the mode, model and day filters. */
export function ProjectFilters({ filters, onChange, onReset }: Props) {
  const { t } = useTranslation('project');
  const [text, setText] = useState(filters.q);
  // The box follows a change from outside (the empty list's "Clear filters").
  const [outside, setOutside] = useState(filters.q);
  if (filters.q !== outside) {
    setOutside(filters.q);
    setText(filters.q);
  }
  useEffect(() => {
    if (text === filters.q) return;
    const timer = setTimeout(() => onChange({ q: text }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, filters.q, onChange]);

  const narrowed = activeFilterCount(filters) > 0 || Boolean(filters.q) || filters.whose !== 'all';
  return (
    <div className="projects__toolbar" role="search" aria-label={t('filters.label')}>
      <Input.Search
        className="projects__search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(value) => onChange({ q: value })}
        maxLength={PROJECT_LIMITS.searchMax}
        allowClear
        placeholder={t('filters.search')}
        aria-label={t('filters.search')}
        data-testid="project-search"
      />
      <Segmented<ProjectFilterState['whose']>
        value={filters.whose}
        onChange={(whose) => onChange({ whose })}
        options={[
          { value: 'all', label: t('filters.whoseAll') },
          { value: 'own', label: t('filters.whoseOwn') },
          { value: 'shared', label: t('filters.whoseShared') },
        ]}
        aria-label={t('filters.whose')}
        data-testid="project-whose"
      />
      <Select
        value={filters.mode}
        onChange={(mode) => onChange({ mode: mode ?? null })}
        allowClear
        placeholder={t('filters.mode')}
        aria-label={t('filters.mode')}
        className="projects__select"
        options={TASK_MODES.map((m) => ({ value: m, label: t(`mode.${m}`) }))}
        data-testid="project-filter-mode"
      />
      <Select
        value={filters.model}
        onChange={(model) => onChange({ model: model ?? null })}
        allowClear
        placeholder={t('filters.model')}
        aria-label={t('filters.model')}
        className="projects__select"
        popupMatchSelectWidth={false}
        options={MODELS.map((m) => ({ value: m, label: t(`workspace:values.model.${m}`, { defaultValue: m }) }))}
        data-testid="project-filter-model"
      />
      <DatePicker.RangePicker
        value={filters.days as RangeValue}
        onChange={(days) => onChange({ days: days && (days.some(Boolean) ? [days[0], days[1]] : null) })}
        allowEmpty={[true, true]}
        placeholder={[t('filters.from'), t('filters.to')]}
        aria-label={t('filters.days')}
        className="projects__days"
      />
      <Select
        value={filters.sort}
        onChange={(sort) => onChange({ sort })}
        aria-label={t('filters.sort')}
        className="projects__select"
        options={[
          { value: 'updated', label: t('filters.sortUpdated') },
          { value: 'created', label: t('filters.sortCreated') },
          { value: 'name', label: t('filters.sortName') },
        ]}
        data-testid="project-sort"
      />
      {narrowed && (
        <Button type="link" onClick={onReset} data-testid="project-filters-clear">
          {t('filters.clear')}
        </Button>
      )}
    </div>
  );
}
