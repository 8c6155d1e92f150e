import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkDetail } from '@turing/contract';
import { collectWork } from './collect-work.ts';
import { communityKeys } from './keys.ts';
import { likeWork } from './like-work.ts';
import { uncollectWork } from './uncollect-work.ts';
import { unlikeWork } from './unlike-work.ts';
import { patchWork } from './work-cache.ts';

type ToggleKind = 'like' | 'collect';
export type ToggleAction = 'like' | 'unlike' | 'collect' | 'uncollect';

const CALLS = { like: likeWork, unlike: unlikeWork, collect: collectWork, uncollect: uncollectWork };

interface Vars {
  work: Pick<WorkDetail, 'id' | 'liked' | 'collected' | 'likeCount' | 'collectCount'>;
  kind: ToggleKind;
}

const toggleAction = ({ work, kind }: Vars): ToggleAction =>
  kind === 'like' ? (work.liked ? 'unlike' : 'like') : work.collected ? 'uncollect' : 'collect';

/**
 * Like/unlike and collect/uncollect: the button flips at once, the server's counts replace the
 * guess when it answers, and a failure puts the work back as it was.
 */
export function useToggleWork(onFailure: (action: ToggleAction, err: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (vars: Vars) => CALLS[toggleAction(vars)](vars.work.id),
    onMutate: async (vars) => {
      const { work, kind } = vars;
      await client.cancelQueries({ queryKey: communityKeys.detail(work.id) });
      const before = {
        liked: work.liked,
        collected: work.collected,
        likeCount: work.likeCount,
        collectCount: work.collectCount,
      };
      const on = kind === 'like' ? !work.liked : !work.collected;
      patchWork(
        client,
        work.id,
        kind === 'like'
          ? { liked: on, likeCount: Math.max(0, work.likeCount + (on ? 1 : -1)) }
          : { collected: on, collectCount: Math.max(0, work.collectCount + (on ? 1 : -1)) },
      );
      return { before, action: toggleAction(vars) };
    },
    onSuccess: (result, { work, kind }) =>
      patchWork(client, work.id, {
        ...(kind === 'like' ? { liked: result.active } : { collected: result.active }),
        likeCount: result.likeCount,
        collectCount: result.collectCount,
      }),
    onError: (err, vars, ctx) => {
      if (ctx) patchWork(client, vars.work.id, ctx.before);
      onFailure(ctx?.action ?? toggleAction(vars), err);
    },
  });
}
