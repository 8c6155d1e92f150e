import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProjectAccess, ProjectDetail } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useComments } from '../api/comments.ts';
import { useCreateComment } from '../api/comment-create.ts';
import { useDeleteComment } from '../api/comment-delete.ts';
import { useResolveComment } from '../api/comment-resolve.ts';
import { projectKeys } from '../api/project-keys.ts';
import { CommentLayer } from './comment-layer.tsx';
import { CommentList } from './comment-list.tsx';

const RANK: Record<ProjectAccess, number> = { viewer: 1, commenter: 2, editor: 3, owner: 4 };

/**
 * One image of a project with its pinned comments listed below it, for members: commenters and up
 * pin comments, editors and the owner resolve them, authors and the owner delete them. Reading them
 * clears the project's unread notice. `stage` draws the image with the pins laid over it (the page's
 * version stage, or `ImageStage`).
 */
export function CommentPanel(props: {
  projectId: string;
  imageId: string;
  access: ProjectAccess;
  stage: (overlay: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation('project');
  const { projectId, imageId } = props;
  const client = useQueryClient();
  const comments = useComments(projectId);
  const create = useCreateComment(projectId);
  const resolve = useResolveComment(projectId);
  const remove = useDeleteComment(projectId);
  const [activeId, setActiveId] = useState<string | null>(null);
  const mine = useMemo(
    () => (comments.data?.comments ?? []).filter((c) => c.imageId === imageId),
    [comments.data, imageId],
  );

  // The server marked the comments read: the project's notice in lists and on its page goes.
  useEffect(() => {
    if (!comments.dataUpdatedAt) return;
    client.setQueryData<ProjectDetail>(projectKeys.detail(projectId), (p) => p && { ...p, unreadComments: 0 });
    void client.invalidateQueries({ queryKey: projectKeys.lists });
  }, [client, comments.dataUpdatedAt, projectId]);

  return (
    <div className="comment-panel comment-panel--stacked" data-testid="comment-panel">
      <CommentLayer
        imageId={imageId}
        stage={props.stage}
        comments={mine}
        canComment={RANK[props.access] >= RANK.commenter}
        activeId={activeId}
        onActivate={setActiveId}
        onCreate={(pin) => create.mutateAsync({ projectId, imageId, ...pin })}
      />
      <section className="comment-panel__list" aria-label={t('comments.heading')}>
        <h3 className="comment-panel__title">{t('comments.headingCount', { count: mine.length })}</h3>
        <CommentList
          comments={mine}
          activeId={activeId}
          onActivate={setActiveId}
          onResolve={
            RANK[props.access] >= RANK.editor ? (c, resolved) => resolve.mutateAsync({ id: c.id, resolved }) : undefined
          }
          onDelete={(c) => remove.mutateAsync(c.id)}
          emptyText={comments.isError ? t('comments.loadFailed') : undefined}
        />
      </section>
    </div>
  );
}
