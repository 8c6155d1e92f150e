import {
  COMMUNITY_TAG_CATEGORIES,
  type CommunityTag,
  type CommunityTagCategory,
  type WorkTags,
} from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';

type TagsByCategory = Record<CommunityTagCategory, CommunityTag[]>;

/** A catalogue tag as stored, of the categories the community uses, in catalogue order. */
export interface CommunityTagRow {
  category: string;
  slug: string;
  labelEn: string;
  labelZh: string;
}

/**
 * The community's tags: the catalogue's style, function and material tags plus the environment
 * tags the catalogue seeds for the community. A slug shared by both design types (interior and architectural) is one tag.
 */
export function createCommunityTags(read: () => Promise<CommunityTagRow[]>) {
  let cached: Promise<{ byCategory: TagsByCategory; byKey: Map<string, CommunityTag> }> | null = null;

  async function load() {
    const rows = await read();
    const byKey = new Map<string, CommunityTag>();
    for (const row of rows) {
      const key = `${row.category}:${row.slug}`;
      if (byKey.has(key)) continue;
      byKey.set(key, {
        slug: row.slug,
        category: row.category as CommunityTagCategory,
        label: { en: row.labelEn, zh: row.labelZh },
      });
    }
    const byCategory = Object.fromEntries(
      COMMUNITY_TAG_CATEGORIES.map((c) => [c, [] as CommunityTag[]]),
    ) as TagsByCategory;
    for (const tag of byKey.values()) byCategory[tag.category].push(tag);
    return { byCategory, byKey };
  }

  // The table only changes when a process starts and seeds it (before this is read), so one read
  // per process is enough.
  const all = () => {
    cached ??= load().catch((err: unknown) => {
      cached = null;
      throw err;
    });
    return cached;
  };

  return {
    list: async () => (await all()).byCategory,

    /** The stored form ('category:slug', each once); an unknown slug is refused. */
    async toStored(chosen: WorkTags): Promise<string[]> {
      const { byKey } = await all();
      const out = new Set<string>();
      for (const category of COMMUNITY_TAG_CATEGORIES) {
        for (const slug of chosen[category]) {
          const key = `${category}:${slug}`;
          if (!byKey.has(key))
            throw new AppError('VALIDATION', { details: [{ field: `tags.${category}`, code: 'VALIDATION' }] });
          out.add(key);
        }
      }
      return [...out];
    },

    /** Labels of stored tags, in the order stored; tags no longer known are left out. */
    async labelled(stored: string[]): Promise<CommunityTag[]> {
      const { byKey } = await all();
      return stored.map((key) => byKey.get(key)).filter((t): t is CommunityTag => t !== undefined);
    },
  };
}
