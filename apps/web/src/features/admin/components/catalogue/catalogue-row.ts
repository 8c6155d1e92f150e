import { CATALOGUE_PRICE_MAX, type CatalogueEntry } from '@turing/contract';
import type { CatalogueUpdateBody } from '../../api/update-catalogue-entry.ts';

/** One product as its row edits it: prices in yuan and dollars, not fen and cents. */
export interface CatalogueRow {
  cubes: number | null;
  priceCny: number | null;
  priceUsd: number | null;
  nameEn: string;
  nameZh: string;
  active: boolean;
}

export const ROW_FIELDS = ['cubes', 'priceCny', 'priceUsd', 'nameEn', 'nameZh', 'active'] as const;

/** Highest price the console takes, in yuan or dollars (the contract's limit in minor units). */
export const PRICE_MAX = CATALOGUE_PRICE_MAX / 100;

/** Yuan or dollars with two decimals, as minor units (floating point never leaves 9.9 as 989.99…). */
const toMinor = (major: number) => Math.round(major * 100);

export const toRow = (p: CatalogueEntry): CatalogueRow => ({
  cubes: p.kind === 'cubes' ? p.cubes : null,
  priceCny: p.priceCny / 100,
  priceUsd: p.priceUsd / 100,
  nameEn: p.nameEn,
  nameZh: p.nameZh,
  active: p.active,
});

/** What the row changed, as the update call takes it; empty when nothing did. */
export function patchOf(p: CatalogueEntry, row: CatalogueRow): Omit<CatalogueUpdateBody, 'id'> {
  const patch: Omit<CatalogueUpdateBody, 'id'> = {};
  if (p.kind === 'cubes' && row.cubes !== null && row.cubes !== p.cubes) patch.cubes = row.cubes;
  if (row.priceCny !== null && toMinor(row.priceCny) !== p.priceCny) patch.priceCny = toMinor(row.priceCny);
  if (row.priceUsd !== null && toMinor(row.priceUsd) !== p.priceUsd) patch.priceUsd = toMinor(row.priceUsd);
  if (row.nameEn.trim() !== p.nameEn) patch.nameEn = row.nameEn.trim();
  if (row.nameZh.trim() !== p.nameZh) patch.nameZh = row.nameZh.trim();
  if (row.active !== p.active) patch.active = row.active;
  return patch;
}
