import { createHash } from 'node:crypto';
import type {
  PageRequest,
  TaskParams,
  UploadedImage,
  WorkDetail,
  publishBody,
  updateWorkBody,
  workListQuery,
} from '@turing/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { resultSeed } from '../../generation/seeds.ts';
import { AppError } from '../../shared/app-error.ts';
import { browserUrl, type ObjectStorage } from '../../storage/storage.ts';
import type { UploadService } from '../upload/index.ts';
import { createWorksListRepository } from './works.list.repository.ts';
import { createWorksMapper } from './works.mapper.ts';
import { createWorksRepository } from './works.repository.ts';
import { createCommunityTags } from './works.tags.ts';
import { createWorksTogglesRepository, type ToggleKind } from './works.toggles.repository.ts';
import { parseWorkLinkScope } from './work-links.ts';

/** Parameters that name a user's own images or folder: never handed to another user. */
const PRIVATE_PARAMS = ['baseImageId', 'referenceImageId', 'depthImageId', 'lineArtImageId', 'maskImageId', 'folderId'];

/** The input images a copy brings along: the parameter naming each, its studio slot and its upload kind. */
const COPIED_IMAGES = [
  { param: 'baseImageId', slot: 'base', kind: 'base' },
  { param: 'referenceImageId', slot: 'reference', kind: 'ref' },
  { param: 'depthImageId', slot: 'depth', kind: 'depth' },
  { param: 'lineArtImageId', slot: 'lineArt', kind: 'line-art' },
  { param: 'maskImageId', slot: 'mask', kind: 'mask' },
] as const;
type CopiedSlot = (typeof COPIED_IMAGES)[number]['slot'];

type PublishInput = z.output<typeof publishBody>;
type UpdateInput = z.output<typeof updateWorkBody>;
interface Visibility {
  work: { userId: string; state: string };
  suspended: boolean;
}

/**
 * Who may see a work: its owner always; anyone else a published one. An unpublished work is
 * answered as if it did not exist, so its id tells nothing; a hidden one says so.
 */
function assertVisible(found: Visibility | null, viewerId: string | null): asserts found is Visibility {
  if (!found) throw new AppError('WORK_NOT_FOUND');
  if (found.work.userId === viewerId) return;
  if (found.work.state === 'hidden' || found.suspended) throw new AppError('WORK_HIDDEN');
  if (found.work.state !== 'published') throw new AppError('WORK_NOT_FOUND');
}

/** Who shares or reports: the signed-in account, or else the address the request came from. */
export interface Caller {
  userId: string | null;
  ip: string;
}

/**
 * The key that counts a caller once: the account, or a digest of the address (the address itself
 * is not stored with the share or the report).
 */
const callerKey = (caller: Caller) =>
  caller.userId ? `user:${caller.userId}` : `ip:${createHash('sha256').update(caller.ip).digest('hex').slice(0, 32)}`;

export function createWorksService(deps: {
  database: Database;
  storage: ObjectStorage;
  uploads: UploadService;
  publicUrl: string;
  /** Told when a creator may have reached a milestone (never throws). */
  achievements?: { refresh(userId: string): Promise<void> };
}) {
  const repo = createWorksRepository(deps.database);
  const lists = createWorksListRepository(deps.database.db);
  const toggles = createWorksTogglesRepository(deps.database);
  const tags = createCommunityTags(deps.database.db);
  const map = createWorksMapper(deps.storage);

  async function detail(id: string, viewerId: string | null): Promise<WorkDetail> {
    const row = await repo.detail(id, viewerId);
    assertVisible(row && { work: row.work, suspended: row.creator.suspendedAt !== null }, viewerId);
    return map.detail(row!, viewerId, await tags.labelled(row!.work.tags));
  }

  async function toggle(kind: ToggleKind, on: boolean, id: string, userId: string) {
    const counts = await toggles.toggle(kind, on, id, userId);
    if (!counts) throw new AppError('WORK_NOT_FOUND');
    if (on && kind === 'like' && deps.achievements) {
      const found = await repo.find(id);
      if (found) await deps.achievements.refresh(found.work.userId);
    }
    return { active: on, ...counts };
  }

  /** What copy parameters hands out of a work (never its image ids or folder), with the work. */
  async function paramsOf(id: string, viewerId: string) {
    const found = await repo.find(id);
    assertVisible(found, viewerId);
    const { work } = found;
    if (work.hideParams && work.userId !== viewerId) throw new AppError('PARAMS_HIDDEN');
    const params: Record<string, unknown> = Object.fromEntries(
      Object.entries(work.params).filter(([key]) => !PRIVATE_PARAMS.includes(key)),
    );
    // Another user's own word packages would be refused by the studio; recommended ones travel.
    if (Array.isArray(params.wordPackageIds)) {
      params.wordPackageIds = await repo.usablePackageIds(
        params.wordPackageIds.filter((v) => typeof v === 'string'),
        viewerId,
      );
    }
    params.basedOnId = work.id;
    return { params, basedOnId: work.id, work };
  }

  return {
    tags: () => tags.list(),

    async banners() {
      const rows = await repo.activeBanners();
      return rows.map((b) => ({
        id: b.id,
        title: { en: b.titleEn, zh: b.titleZh },
        subtitle: { en: b.subtitleEn, zh: b.subtitleZh },
        imageUrl: browserUrl(deps.storage, b.imageKey, 3600),
        link: b.link,
      }));
    },

    async list(query: z.output<typeof workListQuery>, viewerId: string | null) {
      const { cursor, limit, ...filters } = query;
      const page = await lists.gallery(filters, cursor, limit, viewerId);
      return { items: page.rows.map(map.card), nextCursor: page.nextCursor };
    },

    async derived(id: string, page: PageRequest, viewerId: string | null) {
      assertVisible(await repo.find(id), viewerId);
      const result = await lists.gallery(
        { sort: 'latest', period: 'all', basedOnId: id },
        page.cursor,
        page.limit,
        viewerId,
      );
      return { items: result.rows.map(map.card), nextCursor: result.nextCursor };
    },

    async collected(userId: string | undefined, page: PageRequest, viewerId: string | null) {
      const owner = userId ?? viewerId;
      if (!owner) throw new AppError('SESSION_EXPIRED');
      const result = await lists.collected(owner, page.cursor, page.limit, viewerId);
      return { items: result.rows.map(map.card), nextCursor: result.nextCursor };
    },

    detail,

    /** "Copy parameters": what the studio needs to make a work like this one, without its images. */
    async params(id: string, viewerId: string) {
      const { params, basedOnId } = await paramsOf(id, viewerId);
      return { params, basedOnId };
    },

    /**
     * "Copy parameters" with the work's input images: each one the creator still has is copied
     * into the caller's uploads, so the studio opens with them in place; the creator's own images
     * stay as they are. The creator copying their own work gets their images themselves. Hidden
     * parameters copy nothing (PARAMS_HIDDEN, before any image is read).
     */
    async copy(id: string, viewerId: string) {
      const { params: copied, basedOnId, work } = await paramsOf(id, viewerId);
      const wanted = COPIED_IMAGES.flatMap(({ param, slot, kind }) => {
        const value = (work.params as Record<string, unknown>)[param];
        return typeof value === 'string' ? [{ id: value, slot, kind }] : [];
      });
      const images: Partial<Record<CopiedSlot, UploadedImage>> = {};
      if (work.userId === viewerId) {
        for (const w of wanted) {
          const own = await deps.uploads.getOwnedAny(w.id, viewerId).catch(() => null);
          if (own) images[w.slot] = deps.uploads.toDto(own);
        }
      } else {
        const copies = await deps.uploads.copyImages(work.userId, viewerId, wanted);
        for (const w of wanted) {
          const made = copies.get(w.id);
          if (made) images[w.slot] = made;
        }
      }
      return { params: copied, basedOnId, images };
    },

    async publish(userId: string, body: PublishInput): Promise<WorkDetail> {
      const upload = await deps.uploads.getOwnedAny(body.imageId, userId);
      if (upload.kind !== 'result') throw new AppError('WORK_NOT_RESULT');
      const task = upload.taskId ? await repo.taskOf(upload.taskId, userId, upload.id) : null;
      const params: Partial<TaskParams> = { ...task?.params };
      // The work keeps the seed of its own image, so copying its parameters can make it again.
      if (task) {
        const seed = resultSeed(task.engine, task.params, task.index);
        if (seed === null) delete params.seed;
        else params.seed = seed;
      }
      const baseId = typeof params.baseImageId === 'string' ? params.baseImageId : null;
      const baseOwned = baseId ? (await deps.uploads.ownedImageUrls(userId, [baseId])).has(baseId) : false;
      const basedOnId =
        typeof params.basedOnId === 'string' && (await repo.exists(params.basedOnId)) ? params.basedOnId : null;
      const work = await repo.publish({
        userId,
        uploadId: upload.id,
        baseUploadId: baseOwned ? baseId : null,
        taskId: upload.taskId,
        title: body.title,
        description: body.description,
        tags: await tags.toStored(body.tags),
        params,
        prompt: task?.prompt ?? '',
        hideParams: body.hideParams,
        basedOnId,
        width: upload.width,
        height: upload.height,
      });
      if (!work) throw new AppError('WORK_HIDDEN');
      await deps.achievements?.refresh(userId);
      return detail(work.id, userId);
    },

    async update(userId: string, body: UpdateInput): Promise<WorkDetail> {
      const stored = await tags.toStored(body.tags);
      const changed = await repo.update(body.id, userId, {
        title: body.title,
        description: body.description,
        tags: stored,
        hideParams: body.hideParams,
      });
      if (!changed) {
        // Not theirs (or gone) reads as not found; hidden by an operator stays as the operator left it.
        const found = await repo.find(body.id);
        if (found?.work.userId === userId && found.work.state === 'hidden') throw new AppError('WORK_HIDDEN');
        throw new AppError('WORK_NOT_FOUND');
      }
      return detail(body.id, userId);
    },

    /** Whether a signed image link's scope is current: its work is there and at that link version. */
    async linkValid(scope: string) {
      const parsed = parseWorkLinkScope(scope);
      return parsed ? repo.linkVersionIs(parsed.workId, parsed.linkVersion) : false;
    },

    async unpublish(userId: string, id: string) {
      if (await repo.unpublish(id, userId)) return;
      // Already out is fine (idempotent); a hidden work is not the owner's to take out of moderation.
      const found = await repo.find(id);
      if (!found || found.work.userId !== userId) throw new AppError('WORK_NOT_FOUND');
      if (found.work.state === 'hidden') throw new AppError('WORK_HIDDEN');
    },

    like: (id: string, userId: string) => toggle('like', true, id, userId),
    unlike: (id: string, userId: string) => toggle('like', false, id, userId),
    collect: (id: string, userId: string) => toggle('collect', true, id, userId),
    uncollect: (id: string, userId: string) => toggle('collect', false, id, userId),

    /**
     * The public link is built from the configured address, never from what a request claims. The
     * share is counted once per caller (the account, else the address) per work and day.
     */
    async share(id: string, caller: Caller) {
      const shareCount = await toggles.share(id, callerKey(caller));
      if (shareCount === null) throw new AppError('WORK_NOT_FOUND');
      return { url: `${deps.publicUrl}/#/detail/${id}`, shareCount };
    },

    /** One open report per reporter (the account, else the address) and work; a repeat is accepted quietly. */
    async report(id: string, caller: Caller, reason: string, details: string) {
      const reporter = { id: caller.userId, key: callerKey(caller) };
      if (!(await toggles.report(id, reporter, reason, details))) throw new AppError('WORK_NOT_FOUND');
    },
  };
}
export type WorksService = ReturnType<typeof createWorksService>;
