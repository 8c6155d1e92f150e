import { createHash, randomUUID } from 'node:crypto';
import { PRESET_CATEGORIES, PRESET_PICTURE, type PresetKey, type PresetPicture } from '@turing/contract';
import type { Scoped, Transactor } from '../../../db/scoped.ts';
import { AppError } from '../../../shared/app-error.ts';
import type { AuditActor, AuditWrite } from '../../../shared/audit.ts';
import { webpPicture } from '../../../shared/picture.ts';
import type { ObjectStorage } from '../../../storage/storage.ts';
import type { TagRow } from '../catalogue.repository.ts';
import type { PresetImages, PresetReplacements } from './preset-images.ts';
import { presetTagId, type PresetImageRow, type PresetPicturesRepository } from './preset-pictures.repository.ts';

/**
 * The `?v=` of a replaced picture: its version and a digest of its stored name, so a picture
 * replaced again after a restore (version 1 once more) never reuses a URL a browser has cached.
 */
const versionOf = (row: PresetImageRow) =>
  `r${row.version}-${createHash('sha256').update(row.imageKey).digest('base64url').slice(0, 8)}`;

/** The replaced pictures as the tag thumbnails read them: from the database and object storage. */
export function createPresetReplacements(repo: PresetPicturesRepository, storage: ObjectStorage): PresetReplacements {
  return {
    async versions() {
      return new Map((await repo.replacements()).map((row) => [row.tagId, versionOf(row)]));
    },
    async read(key) {
      const row = await repo.find(key);
      return row ? storage.get(row.imageKey) : null;
    },
  };
}

export interface PresetPicturesDeps {
  presets: Scoped<PresetPicturesRepository>;
  transaction: Transactor;
  storage: ObjectStorage;
  /** The URL the studio shows for each tag (replaced, from the data folder, or shipped). */
  images: Pick<PresetImages, 'urls'>;
}

/**
 * The pictures of style and material presets as operators manage them: a replacement is stored
 * once for every node (object storage, with its row), and a restore shows the shipped one again.
 */
export function createPresetPicturesService(deps: PresetPicturesDeps) {
  const repo = deps.presets.pool;

  const pictureOf = (tag: TagRow, urls: Map<string, string>, rows: Map<string, PresetImageRow>): PresetPicture => {
    const key = presetTagId(tag.category, tag.slug);
    const row = rows.get(key);
    return {
      category: tag.category as PresetPicture['category'],
      slug: tag.slug,
      label: { en: tag.labelEn, zh: tag.labelZh },
      type: tag.type,
      imageUrl: urls.get(key) ?? null,
      replaced: row !== undefined,
      updatedBy: row?.updatedBy ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  };

  const now = async () => {
    const [urls, rows] = await Promise.all([deps.images.urls(), repo.replacements()]);
    return { urls, rows: new Map(rows.map((r) => [r.tagId, r])) };
  };

  async function tagOf(key: PresetKey) {
    const tag = await repo.tag(key.category, key.slug);
    if (!tag) throw new AppError('PRESET_NOT_FOUND');
    return tag;
  }

  async function current(tag: TagRow) {
    const { urls, rows } = await now();
    return pictureOf(tag, urls, rows);
  }

  return {
    async list() {
      const [tags, { urls, rows }] = await Promise.all([repo.pictured(PRESET_CATEGORIES), now()]);
      const of = (category: string) => tags.filter((t) => t.category === category).map((t) => pictureOf(t, urls, rows));
      return { style: of('style'), material: of('material') };
    },

    /** Replaces a preset's picture with `file`, cut to the cards' size; the one it replaces is removed. */
    async replace(key: PresetKey, file: Buffer, actor: AuditActor, audit: AuditWrite) {
      const tag = await tagOf(key);
      const picture = await webpPicture(file, {
        ...PRESET_PICTURE,
        fit: 'cover',
        minWidth: PRESET_PICTURE.width,
        minHeight: PRESET_PICTURE.height,
      });
      const tagId = presetTagId(tag.category, tag.slug);
      const imageKey = await deps.storage.put(`preset/${tagId}-${randomUUID()}.webp`, picture.data, {
        contentType: 'image/webp',
        visibility: 'public',
      });
      let replaced: PresetImageRow | null;
      try {
        replaced = await deps.transaction(async (tx) => {
          const r = deps.presets.in(tx);
          const before = await r.lock(tagId);
          const after = await r.upsert(tagId, imageKey, actor.name);
          await audit(tx, {
            targetType: 'preset',
            targetId: tagId,
            targetLabel: tag.labelEn,
            before: { imageKey: before?.imageKey ?? null, version: before?.version ?? null },
            after: { imageKey, version: after.version },
          });
          return before;
        });
      } catch (err) {
        await deps.storage.delete(imageKey).catch(() => {});
        throw err;
      }
      if (replaced) await deps.storage.delete(replaced.imageKey).catch(() => {});
      return current(tag);
    },

    /** Shows the shipped picture again (PRESET_NOT_REPLACED when it shows already). */
    async restore(key: PresetKey, audit: AuditWrite) {
      const tag = await tagOf(key);
      const tagId = presetTagId(tag.category, tag.slug);
      const removed = await deps.transaction(async (tx) => {
        const row = await deps.presets.in(tx).remove(tagId);
        if (!row) throw new AppError('PRESET_NOT_REPLACED');
        await audit(tx, {
          targetType: 'preset',
          targetId: tagId,
          targetLabel: tag.labelEn,
          before: { imageKey: row.imageKey, version: row.version },
          after: { imageKey: null, version: null },
        });
        return row;
      });
      await deps.storage.delete(removed.imageKey).catch(() => {});
      return current(tag);
    },
  };
}
export type PresetPicturesService = ReturnType<typeof createPresetPicturesService>;
