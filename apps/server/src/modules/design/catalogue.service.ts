import type { DesignType, Locale, Tag, TagCategory, WordPackage, WordPackageBody } from '@turing/contract';
import type { Scoped, Transactor } from '../../db/scoped.ts';
import { AppError } from '../../shared/app-error.ts';
import { TAG_SEEDS, type TagSeed } from './catalogue/tags.data.ts';
import type { CatalogueRepository, TagRow, WordPackageRow } from './catalogue.repository.ts';
import type { PresetImages } from './presets/preset-images.ts';

/** A user's own word packages: plenty for a practice's vocabulary, bounded against abuse. */
export const OWN_PACKAGES_MAX = 200;

/** The Chinese prompt of each seeded tag, by "category/slug" (the table keeps the English the engines read). */
const PROMPT_ZH = new Map(TAG_SEEDS.map((s) => [`${s.category}/${s.slug}`, s.promptZh]));

const toTag = (row: TagRow, images: Map<string, string>): Tag => {
  const key = `${row.category}/${row.slug}`;
  return {
    slug: row.slug,
    category: row.category as TagCategory,
    label: { en: row.labelEn, zh: row.labelZh },
    prompt: { en: row.prompt, zh: PROMPT_ZH.get(key) ?? row.prompt },
    image: images.get(key) ?? null,
  };
};

/** Tags and word packages: what the studio offers and what a task's prompt is built from. */
export interface CatalogueServiceDeps {
  catalogue: Scoped<CatalogueRepository>;
  transaction: Transactor;
  /** Tags other modules add to the catalogue (the community's environments). */
  extraTags?: readonly TagSeed[];
  presetImages?: PresetImages;
}

export function createCatalogueService(deps: CatalogueServiceDeps) {
  const { catalogue, transaction } = deps;
  const repo = catalogue.pool;
  const noImages = new Map<string, string>();
  const toPackage = (row: WordPackageRow, locale: Locale): WordPackage => ({
    id: row.id,
    name: locale === 'zh' && row.nameZh ? row.nameZh : row.name,
    positive: row.positive,
    negative: row.negative,
    recommended: row.userId === null,
  });

  return {
    seed: () => repo.seed(deps.extraTags),

    async tags(type: DesignType) {
      const [rows, images] = await Promise.all([repo.tagsFor(type), deps.presetImages?.urls() ?? noImages]);
      const by = (c: TagCategory) => rows.filter((r) => r.category === c).map((r) => toTag(r, images));
      return { style: by('style'), material: by('material'), function: by('function') };
    },

    /** The prompt fragments of chosen tags, in the order given; unknown slugs are refused. */
    async tagPrompts(chosen: Record<TagCategory, string[]>) {
      const out: string[] = [];
      for (const category of ['style', 'material', 'function'] as const) {
        const slugs = chosen[category];
        const rows = await repo.tagsBySlug(category, slugs);
        if (rows.length !== new Set(slugs).size) throw new AppError('VALIDATION');
        const bySlug = new Map(rows.map((r) => [r.slug, r.prompt]));
        out.push(...slugs.map((s) => bySlug.get(s)!));
      }
      return out;
    },

    /** A tag's thumbnail (shipped, or the operator's replacement); null when it has none. */
    presetImage: (category: string, slug: string) => deps.presetImages?.read(category, slug) ?? Promise.resolve(null),

    async packagesFor(userId: string, ids: string[]) {
      const rows = await repo.usablePackages(userId, ids);
      if (rows.length !== new Set(ids).size) throw new AppError('WORD_PACKAGE_NOT_FOUND');
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id)!);
    },

    async listPackages(userId: string, locale: Locale) {
      const [recommended, own] = await Promise.all([repo.recommendedPackages(), repo.ownPackages(userId)]);
      return {
        recommended: recommended.map((r) => toPackage(r, locale)),
        own: own.map((r) => toPackage(r, locale)),
      };
    },

    /** Refused past OWN_PACKAGES_MAX (WORD_PACKAGE_LIMIT), however many creates arrive at once. */
    async createPackage(userId: string, body: Required<WordPackageBody>, locale: Locale) {
      const made = await transaction((tx) => catalogue.in(tx).createPackageUnderCap(userId, body, OWN_PACKAGES_MAX));
      if (!made) throw new AppError('WORD_PACKAGE_LIMIT', { params: { max: OWN_PACKAGES_MAX } });
      return toPackage(made, locale);
    },

    async updatePackage(userId: string, id: string, body: Required<WordPackageBody>, locale: Locale) {
      const row = await repo.updatePackage(userId, id, body);
      if (!row) throw new AppError('WORD_PACKAGE_NOT_FOUND');
      return toPackage(row, locale);
    },

    async deletePackage(userId: string, id: string) {
      if (!(await repo.deletePackage(userId, id))) throw new AppError('WORD_PACKAGE_NOT_FOUND');
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
