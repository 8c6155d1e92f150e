import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectEndpoints, type CallBody, type ProjectComment } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { commentsQueryKey } from './comments.ts';

const createComment = (body: CallBody<typeof projectEndpoints.commentCreate>) =>
  call(projectEndpoints.commentCreate, { body });

/** Pins a member's comment on an image of the project; the form shows a refusal itself. */
export function useCreateComment(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    meta: { silent: true },
    onSuccess(made) {
      client.setQueryData<{ comments: ProjectComment[] }>(
        commentsQueryKey(projectId),
        (data) => data && { comments: [...data.comments, made] },
      );
      return client.invalidateQueries({ queryKey: commentsQueryKey(projectId) });
    },
  });
}
