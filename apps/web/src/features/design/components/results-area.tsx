import { Empty } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Task } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { taskQueryOptions } from '../api/get-task.ts';
import { HistoryList } from './history-list.tsx';
import { ResultCard } from './result-card.tsx';

interface Props {
  /** Ids of the tasks started on this page, newest first. */
  live: string[];
  onOpen(task: Task, index: number): void;
  onHistory(task: Task): void;
  /** Shown above the results, e.g. the region editor of step editing. */
  top?: React.ReactNode;
}

function LiveCard({ id, onOpen }: { id: string; onOpen: Props['onOpen'] }) {
  // Live events keep the cached task current; the first read comes from the submit answer.
  const task = useQuery({ ...taskQueryOptions(id), staleTime: Infinity });
  if (!task.data) return null;
  return <ResultCard task={task.data} onOpen={onOpen} />;
}

/** The main column: this session's tasks as live cards, then the history. */
export function ResultsArea({ live, onOpen, onHistory, top }: Props) {
  const { t } = useTranslation('design');
  return (
    <div className="studio-main">
      {top}
      <section className="studio-results" data-tour="results" aria-label={t('results.title')}>
        <h2 className="studio-main__title">{t('results.title')}</h2>
        {live.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('results.empty')}
            className="studio-results__empty"
          />
        ) : (
          <div className="studio-results__cards" aria-live="polite">
            {live.map((id) => (
              <LiveCard key={id} id={id} onOpen={onOpen} />
            ))}
          </div>
        )}
      </section>
      <section className="studio-history-section" aria-label={t('history.title')}>
        <h2 className="studio-main__title">{t('history.title')}</h2>
        <HistoryList onOpen={onHistory} />
      </section>
    </div>
  );
}
