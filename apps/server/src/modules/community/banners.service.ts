import { randomUUID } from 'node:crypto';
import {
  BANNER_LIMITS,
  bannerStatus,
  type AdminBanner,
  type bannerBody,
  type bannerUpdateBody,
} from '@turing/contract';
import type { z } from 'zod';
import type { Scoped, Transactor } from '../../db/scoped.ts';
import { AppError } from '../../shared/app-error.ts';
import type { AuditWrite } from '../../shared/audit.ts';
import { webpPicture } from '../../shared/picture.ts';
import { browserUrl, type ObjectStorage } from '../../storage/storage.ts';
import type { BannerFields, BannerRow, BannersRepository } from './banners.repository.ts';

type NewBanner = z.output<typeof bannerBody>;
type BannerChange = z.output<typeof bannerUpdateBody>;

/** A banner's fields as the contract names them (times as ISO text): what audit rows record. */
interface BannerState {
  titleEn: string;
  titleZh: string;
  subtitleEn: string;
  subtitleZh: string;
  link: string;
  enabled: boolean;
  startsAt: string | null;
  endsAt: string | null;
}
const STATE_KEYS = [
  'titleEn',
  'titleZh',
  'subtitleEn',
  'subtitleZh',
  'link',
  'enabled',
  'startsAt',
  'endsAt',
] as const satisfies readonly (keyof BannerState)[];

const BANNER_PICTURE = {
  width: BANNER_LIMITS.width,
  height: BANNER_LIMITS.height,
  fit: 'inside',
  minWidth: BANNER_LIMITS.minWidth,
  minHeight: BANNER_LIMITS.minHeight,
} as const;

/** An instant as stored and compared: ISO text in UTC, whatever offset it was sent with. */
const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

const stateOf = (row: BannerRow): BannerState => ({
  titleEn: row.titleEn,
  titleZh: row.titleZh,
  subtitleEn: row.subtitleEn,
  subtitleZh: row.subtitleZh,
  link: row.link,
  enabled: row.active,
  startsAt: iso(row.startsAt),
  endsAt: iso(row.endsAt),
});

const columnsOf = (state: Partial<BannerState>): Partial<BannerFields> => {
  const { enabled, startsAt, endsAt, ...text } = state;
  return {
    ...text,
    ...(enabled === undefined ? {} : { active: enabled }),
    ...(startsAt === undefined ? {} : { startsAt: startsAt === null ? null : new Date(startsAt) }),
    ...(endsAt === undefined ? {} : { endsAt: endsAt === null ? null : new Date(endsAt) }),
  };
};

const pick = <T extends object>(from: T, keys: readonly (keyof T)[]) =>
  Object.fromEntries(keys.map((k) => [k, from[k]])) as Partial<T>;

export interface BannersDeps {
  banners: Scoped<BannersRepository>;
  transaction: Transactor;
  storage: ObjectStorage;
  now?: () => Date;
}

/**
 * The community's banners as operators manage them: text, link, picture, schedule, order. Each
 * change commits with its audit row; a picture no banner uses any more is removed after the commit.
 */
export function createBannersService(deps: BannersDeps) {
  const now = deps.now ?? (() => new Date());
  const { storage } = deps;

  const toAdmin = (row: BannerRow): AdminBanner => ({
    id: row.id,
    title: { en: row.titleEn, zh: row.titleZh },
    subtitle: { en: row.subtitleEn, zh: row.subtitleZh },
    link: row.link,
    imageUrl: browserUrl(storage, row.imageKey, 3600),
    enabled: row.active,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    sort: row.sort,
    status: bannerStatus({ enabled: row.active, startsAt: row.startsAt, endsAt: row.endsAt }, now()),
    updatedAt: row.updatedAt.toISOString(),
  });

  /** Stores a checked picture, runs `work` with its key, and removes the picture if `work` fails. */
  async function withPicture<T>(file: Buffer, work: (imageKey: string) => Promise<T>): Promise<T> {
    const picture = await webpPicture(file, BANNER_PICTURE);
    const imageKey = await storage.put(`banner/${randomUUID()}.webp`, picture.data, {
      contentType: 'image/webp',
      visibility: 'public',
    });
    try {
      return await work(imageKey);
    } catch (err) {
      await storage.delete(imageKey).catch(() => {});
      throw err;
    }
  }

  /** A picture no banner uses any more; one left behind costs only space. */
  const dropPicture = (key: string) => storage.delete(key).catch(() => {});

  return {
    async list(): Promise<AdminBanner[]> {
      return (await deps.banners.pool.list()).map(toAdmin);
    },

    /** Adds a banner at the end of the carousel (BANNER_LIMIT past BANNER_LIMITS.max). */
    async create(input: NewBanner, file: Buffer, audit: AuditWrite): Promise<AdminBanner> {
      const state: BannerState = { ...input, startsAt: iso(input.startsAt), endsAt: iso(input.endsAt) };
      return withPicture(file, (imageKey) =>
        deps.transaction(async (tx) => {
          const row = await deps.banners
            .in(tx)
            .insertUnderCap(
              { ...columnsOf(state), titleEn: state.titleEn, titleZh: state.titleZh, imageKey },
              BANNER_LIMITS.max,
            );
          if (!row) throw new AppError('BANNER_LIMIT', { params: { max: BANNER_LIMITS.max } });
          await audit(tx, {
            targetType: 'banner',
            targetId: row.id,
            targetLabel: row.titleEn,
            before: null,
            after: { ...state, imageKey },
          });
          return toAdmin(row);
        }),
      );
    },

    /** Changes the fields given; the schedule must still start before it ends. */
    async update(change: BannerChange, audit: AuditWrite): Promise<AdminBanner> {
      const { id, ...given } = change;
      return deps.transaction(async (tx) => {
        const repo = deps.banners.in(tx);
        const row = await repo.lock(id);
        if (!row) throw new AppError('BANNER_NOT_FOUND');
        const before = stateOf(row);
        const sent = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
        const next: BannerState = { ...before, ...(sent as Partial<BannerState>) };
        if (given.startsAt !== undefined) next.startsAt = iso(given.startsAt);
        if (given.endsAt !== undefined) next.endsAt = iso(given.endsAt);
        if (next.startsAt && next.endsAt && next.startsAt >= next.endsAt) throw new AppError('BANNER_SCHEDULE');
        const changed = STATE_KEYS.filter((k) => next[k] !== before[k]);
        const saved = changed.length ? await repo.update(id, columnsOf(pick(next, changed))) : row;
        await audit(tx, {
          targetType: 'banner',
          targetId: id,
          targetLabel: (saved ?? row).titleEn,
          before: pick(before, changed),
          after: pick(next, changed),
        });
        return toAdmin(saved ?? row);
      });
    },

    /** Swaps a banner's picture; the old one is removed once the change is committed. */
    async replaceImage(id: string, file: Buffer, audit: AuditWrite): Promise<AdminBanner> {
      const { banner, old } = await withPicture(file, (imageKey) =>
        deps.transaction(async (tx) => {
          const repo = deps.banners.in(tx);
          const row = await repo.lock(id);
          if (!row) throw new AppError('BANNER_NOT_FOUND');
          const saved = (await repo.update(id, { imageKey }))!;
          await audit(tx, {
            targetType: 'banner',
            targetId: id,
            targetLabel: row.titleEn,
            before: { imageKey: row.imageKey },
            after: { imageKey },
          });
          return { banner: toAdmin(saved), old: row.imageKey };
        }),
      );
      await dropPicture(old);
      return banner;
    },

    /**
     * Puts the named banners first, in the order given; the others follow in their present order
     * (one added meanwhile by another operator is not lost).
     */
    async reorder(ids: string[], audit: AuditWrite): Promise<AdminBanner[]> {
      return deps.transaction(async (tx) => {
        const repo = deps.banners.in(tx);
        const current = await repo.lockOrder();
        const known = new Set(current);
        if (ids.some((id) => !known.has(id))) throw new AppError('BANNER_NOT_FOUND');
        const named = new Set(ids);
        const order = [...ids, ...current.filter((id) => !named.has(id))];
        await repo.setOrder(order);
        await audit(tx, {
          targetType: 'banners',
          targetId: 'order',
          targetLabel: null,
          before: { order: current },
          after: { order },
        });
        return (await repo.list()).map(toAdmin);
      });
    },

    async remove(id: string, audit: AuditWrite): Promise<{ id: string }> {
      const removed = await deps.transaction(async (tx) => {
        const row = await deps.banners.in(tx).remove(id);
        if (!row) throw new AppError('BANNER_NOT_FOUND');
        await audit(tx, {
          targetType: 'banner',
          targetId: id,
          targetLabel: row.titleEn,
          before: { ...stateOf(row), imageKey: row.imageKey },
          after: null,
        });
        return row;
      });
      await dropPicture(removed.imageKey);
      return { id };
    },
  };
}
export type BannersService = ReturnType<typeof createBannersService>;
