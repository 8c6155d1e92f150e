import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints, type ProjectComment } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { commentsQueryKey } from './comments.ts';

const resolveComment = (body: { id: string; resolved: boolean }) => call(projectEndpoints.commentResolve, { body });

/** Marks a comment resolved, or open again (editors and the owner). */
export function useResolveComment(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resolveComment,
    onSuccess(changed) {
      client.setQueryData<{ comments: ProjectComment[] }>(
        commentsQueryKey(projectId),
        (data) => data && { comments: data.comments.map((c) => (c.id === changed.id ? changed : c)) },
      );
    },
  });
}
