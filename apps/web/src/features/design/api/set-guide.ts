import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { guideKey } from './get-guide.ts';

const setGuide = (key: string, done: boolean) =>
  call(userEndpoints.guideSet, { query: { key, done: done ? 'true' : 'false' } });

/** Marks a guide done; a failure only means the tour shows again next time, so it stays quiet. */
export function useSetGuide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, done }: { key: string; done: boolean }) => setGuide(key, done),
    meta: { silent: true },
    onSuccess: (data) => client.setQueryData(guideKey, data),
  });
}
