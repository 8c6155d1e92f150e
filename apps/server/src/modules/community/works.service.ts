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
import type { Scoped, Transactor } from '../../db/scoped.ts';
import { resultSeed } from '../../generation/index.ts';
import { AppError } from '../../shared/app-error.ts';
import { browserUrl, type ObjectStorage } from '../../storage/storage.ts';
import type { UploadService } from '../upload/index.ts';
import type { WorksListRepository } from './works.list.repository.ts';
import { createWorksMapper } from './works.mapper.ts';
import type { NewWork, WorksRepository } from './works.repository.ts';
import { createCommunityTags } from './works.tags.ts';
import { createWorkToggles } from './works.toggles.ts';
import type { WorksTogglesRepository } from './works.toggles.repository.ts';
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

export interface WorksServiceDeps {
  works: Scoped<WorksRepository>;
  /** The gallery's lists (latest, popular, derived, collected). */
  lists: WorksListRepository;
  /** Likes, collections, shares and reports: each one statement with its counters. */
  toggles: WorksTogglesRepository;
  transaction: Transactor;
  storage: ObjectStorage;
  uploads: Pick<UploadService, 'getOwnedAny' | 'ownedImageUrls' | 'toDto' | 'copyImages'>;
  publicUrl: string;
  /** Told when a creator may have reached a milestone (never throws). */
  achievements?: { refresh(userId: string): Promise<void> };
}

export function createWorksService(deps: WorksServiceDeps) {
  const { works, lists, toggles, transaction } = deps;
  const repo = works.pool;
  const tags = createCommunityTags(() => repo.communityTags());
  const map = createWorksMapper(deps.storage);

  /**
   * Publishes an image, or updates the work it already is (publishing it again when it was taken
   * out): the image's row is locked first, so two publishes of one image make one work. Only a
   * change of state moves the creator's counter. Null when an operator has hidden the work: its
   * owner changes nothing until it is restored.
   */
  const publishWork = (input: NewWork) =>
    transaction(async (tx) => {
      const r = works.in(tx);
      await r.lockUpload(input.uploadId);
      const existing = await r.findByUpload(input.uploadId, input.userId);
      if (existing?.state === 'hidden') return null;
      if (!existing) {
        const made = await r.insert(input);
        await r.bumpWorks(input.userId, 1);
        return made;
      }
      const { title, description, tags: stored, hideParams } = input;
      await r.setText(existing.id, { title, description, tags: stored, hideParams });
      if (await r.republish(existing.id)) await r.bumpWorks(input.userId, 1);
      return existing;
    });

  /** Takes a published work out; true when this call changed its state (and the counter with it). */
  const unpublishWork = (id: string, userId: string) =>
    transaction(async (tx) => {
      const r = works.in(tx);
      const out = await r.unpublish(id, userId);
      if (out) await r.bumpWorks(userId, -1);
      return out;
    });

  async function detail(id: string, viewerId: string | null): Promise<WorkDetail> {
    const row = await repo.detail(id, viewerId);
    assertVisible(row && { work: row.work, suspended: row.creator.suspendedAt !== null }, viewerId);
    return map.detail(row!, viewerId, await tags.labelled(row!.work.tags));
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

    /** The caller's own likes, the latest first: only the user who liked them sees the list. */
    async liked(userId: string, page: PageRequest) {
      const result = await lists.liked(userId, page.cursor, page.limit, userId);
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
      const work = await publishWork({
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
      if (await unpublishWork(id, userId)) return;
      // Already out is fine (idempotent); a hidden work is not the owner's to take out of moderation.
      const found = await repo.find(id);
      if (!found || found.work.userId !== userId) throw new AppError('WORK_NOT_FOUND');
      if (found.work.state === 'hidden') throw new AppError('WORK_HIDDEN');
    },

    // Likes, collections, shares and reports (works.toggles.ts).
    ...createWorkToggles({ toggles, works: repo, publicUrl: deps.publicUrl, achievements: deps.achievements }),
  };
}
export type WorksService = ReturnType<typeof createWorksService>;
