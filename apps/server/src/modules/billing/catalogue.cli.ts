import type { CatalogueEntry } from '@turing/contract';
import type { AdminClient } from '../../shared/admin-client.ts';
import { textTable } from '../../shared/text-table.ts';

export const CATALOGUE_HELP = `  catalogue:list                   Lists every product with its prices, on sale or not
  catalogue:set <id>               Changes a product: --cny and --usd are prices in yuan
               [--cny N] [--usd N] and dollars (e.g. 9.90), --cubes the cubes of a pack,
               [--cubes N]         --active false takes it off sale; --name-en and
               [--active true|false] --name-zh rename it. Orders already made keep
               [--name-en TEXT]    their price
               [--name-zh TEXT]
`;

export const CATALOGUE_OPTIONS = {
  cny: { type: 'string' },
  usd: { type: 'string' },
  cubes: { type: 'string' },
  active: { type: 'string' },
  'name-en': { type: 'string' },
  'name-zh': { type: 'string' },
} as const;

type Values = Partial<Record<keyof typeof CATALOGUE_OPTIONS, string>>;

const money = (minor: number) => (minor / 100).toFixed(2);

function formatCatalogue(items: CatalogueEntry[]): string {
  const rows = items.map((p) => [
    p.id,
    p.kind === 'plan' ? `plan/${p.period}` : `${p.cubes} cubes`,
    `¥${money(p.priceCny)}`,
    `$${money(p.priceUsd)}`,
    p.active ? 'on sale' : 'off sale',
    `${p.nameEn} / ${p.nameZh}`,
  ]);
  return textTable(['ID', 'WHAT', 'CNY', 'USD', 'STATE', 'NAME'], rows);
}

/** Yuan or dollars with at most two decimals, as fen or cents. */
function minorUnits(text: string, flag: string, usage: (message: string) => never): number {
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) usage(`${flag} must be a price such as 9.90.`);
  const minor = Math.round(Number(text) * 100);
  if (minor < 1) usage(`${flag} must be more than zero.`);
  return minor;
}

export function catalogueCommands(
  values: Values,
  rest: string[],
  usage: (message: string) => never,
): Record<string, (client: AdminClient) => Promise<string>> {
  return {
    'catalogue:list': async (client) => formatCatalogue(await client.catalogue()),
    'catalogue:set': async (client) => {
      const id = rest[0];
      if (!id) usage('catalogue:set needs a product id (see catalogue:list).');
      const patch: Parameters<AdminClient['catalogueUpdate']>[0] = { id };
      if (values.cny !== undefined) patch.priceCny = minorUnits(values.cny, '--cny', usage);
      if (values.usd !== undefined) patch.priceUsd = minorUnits(values.usd, '--usd', usage);
      if (values.cubes !== undefined) {
        const cubes = Number(values.cubes);
        if (!Number.isInteger(cubes) || cubes < 1) usage('--cubes must be a whole number above zero.');
        patch.cubes = cubes;
      }
      if (values.active !== undefined) {
        if (values.active !== 'true' && values.active !== 'false') usage('--active must be true or false.');
        patch.active = values.active === 'true';
      }
      if (values['name-en'] !== undefined) patch.nameEn = values['name-en'];
      if (values['name-zh'] !== undefined) patch.nameZh = values['name-zh'];
      if (Object.keys(patch).length === 1) {
        usage('catalogue:set needs at least one of --cny, --usd, --cubes, --active, --name-en, --name-zh.');
      }
      const entry = await client.catalogueUpdate(patch);
      return `Saved.\n${formatCatalogue([entry])}`;
    },
  };
}
