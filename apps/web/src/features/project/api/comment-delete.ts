import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints, type ProjectComment } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { commentsQueryKey } from './comments.ts';

const deleteComment = (id: string) => call(projectEndpoints.commentDelete, { body: { id } });

/** Deletes a comment (its author, or the project's owner): it leaves the list at once. */
export function useDeleteComment(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess(_ok, id) {
      client.setQueryData<{ comments: ProjectComment[] }>(
        commentsQueryKey(projectId),
        (data) => data && { comments: data.comments.filter((c) => c.id !== id) },
      );
    },
  });
}
