import type { HiddenWork, ModerationQueueItem, Page, PageRequest } from '@turing/contract';
import type { ModerationQueueRepository } from './moderation.queue.repository.ts';

interface WorkImageRow {
  id: string;
  title: string;
  state: string;
  width: number;
  height: number;
  linkVersion: number;
  key: string;
  thumbKey: string | null;
}

/** What the moderation queue and the hidden works list show; reads only. */
export function createModerationQueries(deps: {
  queue: ModerationQueueRepository;
  workImageUrl: (key: string, workId: string, linkVersion: number) => string;
}) {
  const { queue } = deps;

  // Signed for the work's current link version, so the images load whatever the work's state.
  const workOf = (row: WorkImageRow) => ({
    id: row.id,
    title: row.title,
    state: row.state,
    imageUrl: deps.workImageUrl(row.key, row.id, row.linkVersion),
    thumbUrl: deps.workImageUrl(row.thumbKey ?? row.key, row.id, row.linkVersion),
    width: row.width,
    height: row.height,
  });

  return {
    /** Reported works, one item per work with its open reports taken together, oldest report first. */
    async queue(page: PageRequest): Promise<Page<ModerationQueueItem>> {
      const groups = await queue.queue(page);
      const ids = groups.items.map((g) => g.workId);
      if (ids.length === 0) return { items: [], nextCursor: groups.nextCursor };
      const [works, reasons, details] = await Promise.all([queue.works(ids), queue.reasons(ids), queue.details(ids)]);
      const counts = await queue.authorCounts([...new Set(works.map((w) => w.authorId))]);
      const workById = new Map(works.map((w) => [w.id, w]));
      const countsOf = new Map(counts.map((c) => [c.userId, c]));
      const items: ModerationQueueItem[] = [];
      for (const group of groups.items) {
        const work = workById.get(group.workId);
        // Deleted between the two reads: its reports went with it.
        if (!work || !group.first || !group.last) continue;
        const author = countsOf.get(work.authorId);
        items.push({
          work: workOf(work),
          author: {
            id: work.authorId,
            username: work.username,
            works: author?.works ?? 0,
            hiddenWorks: Math.max((author?.hidden ?? 0) - (work.state === 'hidden' ? 1 : 0), 0),
            suspended: work.suspendedAt !== null,
          },
          reports: group.reports,
          reasons: reasons.filter((r) => r.workId === work.id).map(({ reason, count }) => ({ reason, count })),
          details: details
            .filter((d) => d.workId === work.id)
            .map((d) => ({ reason: d.reason, text: d.details, at: d.createdAt.toISOString() })),
          firstReportedAt: group.first.toISOString(),
          lastReportedAt: group.last.toISOString(),
        });
      }
      return { items, nextCursor: groups.nextCursor };
    },

    /** Works hidden by operators, the latest hidden first, with who hid them and why. */
    async hidden(page: PageRequest): Promise<Page<HiddenWork>> {
      const rows = await queue.hidden(page);
      return {
        items: rows.items.map((row) => ({
          work: workOf(row),
          author: { id: row.authorId, username: row.username },
          reason: row.reason,
          hiddenBy: row.hiddenBy,
          hiddenAt: row.hiddenAt?.toISOString() ?? null,
        })),
        nextCursor: rows.nextCursor,
      };
    },
  };
}
