import { useState } from 'react';
import { Empty } from 'antd';
import type { ProjectComment, ReviewProject } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { storage } from '../../../shared/storage/storage.ts';
import { useGuestComment } from '../api/review-comment.ts';
import type { ReviewPass } from '../api/review-open.ts';
import { CommentLayer, ImageStage } from './comment-layer.tsx';
import { CommentList } from './comment-list.tsx';

/** Where a guest's name is remembered, so the next comment (or the next visit) does not ask again. */
const NAME_KEY = 'REVIEW_NAME';
const YEAR_SECONDS = 365 * 24 * 3600;

/** The project as a review link shows it: each view's current image, large, with its pinned comments. */
export function ReviewProjectView({ project, pass }: { project: ReviewProject; pass: ReviewPass }) {
  const { t } = useTranslation(['review', 'project']);
  const [name, setName] = useState(() => storage.get<string>(NAME_KEY) ?? '');
  const [activeId, setActiveId] = useState<string | null>(null);
  const comment = useGuestComment(pass);
  const remember = (value: string) => {
    setName(value);
    storage.set(NAME_KEY, value, { expire: YEAR_SECONDS });
  };
  const on = (imageId: string): ProjectComment[] => project.comments.filter((c) => c.imageId === imageId);

  return (
    <div className="review-page__views">
      {project.views.map((view) => {
        const headingId = `review-view-${view.id}`;
        const image = view.current;
        const comments = image ? on(image.imageId) : [];
        return (
          <section key={view.id} className="review-page__view" aria-labelledby={headingId} data-testid="review-view">
            <h2 id={headingId} className="review-page__view-title">
              {view.name}
            </h2>
            {image ? (
              <div className="comment-panel">
                <CommentLayer
                  imageId={image.imageId}
                  stage={(pins) => (
                    <ImageStage image={{ url: image.url, width: image.width, height: image.height, alt: view.name }}>
                      {pins}
                    </ImageStage>
                  )}
                  comments={comments}
                  canComment
                  activeId={activeId}
                  onActivate={setActiveId}
                  guestName={{ value: name, onChange: remember }}
                  onCreate={({ x, y, body, name: given }) =>
                    comment.mutateAsync({ pass, comment: { imageId: image.imageId, x, y, body, name: given ?? name } })
                  }
                />
                <section className="comment-panel__side" aria-label={t('review:commentsOn', { name: view.name })}>
                  <h3 className="comment-panel__title">
                    {t('project:comments.headingCount', { count: comments.length })}
                  </h3>
                  <CommentList comments={comments} activeId={activeId} onActivate={setActiveId} />
                </section>
              </div>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('review:noImage')} />
            )}
          </section>
        );
      })}
    </div>
  );
}
