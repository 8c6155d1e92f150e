import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ProjectDetail } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { projectPath } from '../../../shared/routes/paths.ts';
import { useProjects } from '../api/list-projects.ts';
import { activeFilterCount, DEFAULT_FILTERS, toListQuery, useProjectFilters } from '../lib/list-filters.ts';
import { ProjectCard } from './project-card.tsx';
import { ProjectFilters } from './project-filters.tsx';
import { ProjectFormModal } from './project-form-modal.tsx';
import './projects-panel.css';

/**
 * The workspace's projects: the user's own and those shared with them, as cards, with search,
 * filters and sort; the next page loads as the end of the list scrolls into view.
 */
export function ProjectsPanel() {
  const { t } = useTranslation('project');
  const navigate = useNavigate();
  const { filters, set, reset } = useProjectFilters();
  const query = toListQuery(filters);
  const projects = useProjects(query);
  const [creating, setCreating] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = projects;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = projects.data?.pages.flatMap((p) => p.items) ?? [];
  const narrowed = Boolean(filters.q.trim()) || activeFilterCount(filters) > 0 || filters.whose !== 'all';

  let body;
  if (projects.isPending)
    body = (
      <div className="projects__grid" aria-busy>
        {[0, 1, 2].map((i) => (
          <Skeleton.Node key={i} active className="projects__skeleton" />
        ))}
      </div>
    );
  else if (projects.isError && !projects.data)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('list.loadFailed')}
        action={
          <Button size="small" onClick={() => void projects.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  else if (items.length === 0)
    body = (
      <Empty
        description={narrowed ? t('list.noMatch') : t('list.empty')}
        data-testid="projects-empty"
        className="projects__empty"
      >
        {narrowed ? (
          <Button onClick={reset}>{t('filters.clear')}</Button>
        ) : (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('list.create')}
          </Button>
        )}
      </Empty>
    );
  else
    body = (
      <ul className="projects__grid" data-testid="project-list">
        {items.map((p) => (
          <ProjectCard key={p.id} project={p} />
        ))}
      </ul>
    );

  return (
    <section className="projects" aria-labelledby="projects-title">
      <div className="projects__head">
        <h2 id="projects-title" className="projects__title">
          {t('list.title')}
        </h2>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="project-create">
          {t('list.create')}
        </Button>
      </div>
      <ProjectFilters filters={filters} onChange={set} onReset={() => set({ ...DEFAULT_FILTERS, q: '' })} />
      {body}
      <div ref={sentinel} className="projects__more">
        {projects.isFetchNextPageError && <Alert type="error" showIcon title={t('list.moreFailed')} />}
        {hasNextPage && (
          <Button loading={isFetchingNextPage} onClick={() => void fetchNextPage()} data-testid="projects-more">
            {t('list.loadMore')}
          </Button>
        )}
      </div>
      <ProjectFormModal
        target={creating ? 'new' : null}
        onClose={() => setCreating(false)}
        onCreated={(p: ProjectDetail) => void navigate(projectPath(p.id))}
      />
    </section>
  );
}
