import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Page, WorkCard, WorkDetail } from '@turing/contract';
import { communityKeys } from './keys.ts';

type CardPatch = Partial<Pick<WorkCard, 'liked' | 'collected' | 'likeCount' | 'collectCount'>>;

const patchPages = (data: InfiniteData<Page<WorkCard>> | undefined, id: string, patch: CardPatch) =>
  data && {
    ...data,
    // Only the changed card gets a new object, so the grid re-renders that card alone.
    pages: data.pages.map((p) =>
      p.items.some((w) => w.id === id)
        ? { ...p, items: p.items.map((w) => (w.id === id ? { ...w, ...patch } : w)) }
        : p,
    ),
  };

/** Applies a toggle's state to every cached copy of the work: its detail, gallery and derived lists. */
export function patchWork(client: QueryClient, id: string, patch: CardPatch) {
  client.setQueryData<WorkDetail>(communityKeys.detail(id), (w) => w && { ...w, ...patch });
  client.setQueriesData<InfiniteData<Page<WorkCard>>>({ queryKey: communityKeys.works }, (d) =>
    patchPages(d, id, patch),
  );
  client.setQueriesData<InfiniteData<Page<WorkCard>>>({ queryKey: ['community', 'derived'] }, (d) =>
    patchPages(d, id, patch),
  );
}
