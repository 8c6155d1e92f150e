import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDerived } from '../api/list-derived.ts';
import { WorkCard } from './work-card.tsx';

/**
 * The width of a card in `.derived__grid` (columns of at least 180 px): browsers that size lazy
 * images by their layout take it from there ("auto"); the others get half a phone's width, or a
 * little more than a column on a larger screen.
 */
const DERIVED_SIZES = 'auto, (max-width: 575.98px) 50vw, 240px';

/** Published works made from this one's parameters. */
export function DerivedWorks({ workId, count }: { workId: string; count: number }) {
  const { t } = useTranslation('community');
  const derived = useDerived(workId);
  const items = derived.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="derived" aria-labelledby="derived-title" data-testid="derived">
      <Typography.Title level={2} id="derived-title" className="community-h2">
        {t('detail.derived')} {count > 0 && <span className="derived__count">({count})</span>}
      </Typography.Title>
      {derived.isSuccess && items.length === 0 && (
        <Typography.Text type="secondary">{t('detail.derivedEmpty')}</Typography.Text>
      )}
      {derived.isError && <Typography.Text type="secondary">{t('detail.loadFailed')}</Typography.Text>}
      <div className="derived__grid">
        {items.map((w) => (
          <WorkCard key={w.id} work={w} likesLabel={t('card.likes', { count: w.likeCount })} sizes={DERIVED_SIZES} />
        ))}
      </div>
      {derived.hasNextPage && (
        <Button loading={derived.isFetchingNextPage} onClick={() => void derived.fetchNextPage()}>
          {t('detail.loadMore')}
        </Button>
      )}
    </section>
  );
}
