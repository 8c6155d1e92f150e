import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkDetail } from '@turing/contract';
import { CompareView } from './compare-view.tsx';
import { DerivedWorks } from './derived-works.tsx';
import { WorkActions } from './work-actions.tsx';
import { WorkInfo } from './work-info.tsx';

/** A work's page: the image (or before/after), its text and actions, and the works made from it. */
export function DetailView({ work, onEdit }: { work: WorkDetail; onEdit(): void }) {
  const { t } = useTranslation('community');
  const alt = t('detail.image', { title: work.title });
  return (
    <article className="work-detail" data-testid="work-detail">
      <div className="work-detail__media">
        {work.baseImage ? (
          <CompareView before={work.baseImage} after={work.url} alt={alt} width={work.width} height={work.height} />
        ) : (
          <img
            className="work-detail__image"
            src={work.url}
            alt={alt}
            width={work.width}
            height={work.height}
            style={{ aspectRatio: `${work.width} / ${work.height}`, backgroundImage: `url("${work.thumbUrl}")` }}
          />
        )}
      </div>
      <div className="work-detail__side">
        {work.state !== 'published' && <Alert type="info" showIcon title={t('detail.unpublishedNotice')} />}
        <Typography.Title level={1} className="work-detail__title">
          {work.title}
        </Typography.Title>
        <WorkActions work={work} onEdit={onEdit} />
        <WorkInfo work={work} />
      </div>
      <div className="work-detail__below">
        <DerivedWorks workId={work.id} count={work.derivedCount} />
      </div>
    </article>
  );
}
