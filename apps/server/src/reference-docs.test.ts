import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tiny as tinyEngine } from '../test-support/tiny-engine.ts';
import { configSchema } from './config.ts';
import { ENGINES } from './generation/engines/index.ts';
import { enginesTable, lifecycleTable, refreshDocs, settingsTables, withGeneratedParts } from './reference-docs.ts';

// The test-only engine (test-support/tiny-engine.ts), here with a guide and input limits of its own,
// to see the generated tables follow whatever engines they are given.
const tiny = {
  ...tinyEngine,
  capabilities: { ...tinyEngine.capabilities, depth: true, input: { minSide: 256, maxBytes: 5 * 1024 * 1024 } },
};

describe('the generated parts of docs/', () => {
  it('match the code (run `npm run docs` after changing a setting, an engine or the lifecycle)', () => {
    expect(refreshDocs(false)).toEqual([]);
  });

  it('lists every lifecycle event with what it does', () => {
    const table = lifecycleTable();
    expect(table).toContain('| `claim` | `queued` | `generating` | `publish`, `line` | — | — |');
    expect(table).toMatch(
      /\| `timeout` \| `queued`, `generating` \| `timed_out` \| .*`refund`.* \| `TASK_TIMED_OUT` \| cleared \|/,
    );
  });

  it('refuses a file whose markers are gone rather than dropping the table', () => {
    const part = { file: 'x.md', name: 'demo', render: () => 'table' };
    expect(withGeneratedParts('x.md', 'a\n<!-- generated:demo -->\nold\n<!-- /generated:demo -->\nb', [part])).toBe(
      'a\n<!-- generated:demo -->\ntable\n<!-- /generated:demo -->\nb',
    );
    expect(() => withGeneratedParts('x.md', 'no markers', [part])).toThrow(/markers/);
  });
});

describe('the settings tables', () => {
  const tables = settingsTables();

  it('list every variable of the schema once, with its default and meaning', () => {
    for (const name of Object.keys(configSchema().shape)) {
      expect(tables.match(new RegExp(`^\\| \`${name}\` \\|`, 'gm')), name).toHaveLength(1);
    }
    expect(tables).toContain('| `PORT` | `8080` | the port the server listens on |');
    // Unset and without a default of its own.
    expect(tables).toMatch(/^\| `DATABASE_URL` \| — \| /m);
  });

  it('show what a default worked out at start is, where the schema says less', () => {
    const shape = configSchema().shape;
    // `.meta()` after `.describe()` keeps both: the description, and the default as the table shows it.
    expect(shape.DATA_DIR.meta()).toMatchObject({ description: expect.any(String), shown: '`./data`' });
    expect(tables).toMatch(/^\| `DATA_DIR` \| `\.\/data` \| /m);
    expect(tables).toMatch(/^\| `ADMIN_TOKEN` \| random, in `DATA_DIR\/admin-token` \| /m);
    expect(tables).toMatch(/^\| `API_DOCS` \| `true` outside production, `false` in production \| /m);
  });

  it('group the variables by topic, each engine under its name', () => {
    expect(tables).toMatch(/### Server\n\n\| variable \| default \| meaning \|/);
    for (const engine of ENGINES) expect(tables).toContain(`### \`${engine.name}\` engine`);
    const withTiny = settingsTables([...ENGINES, tiny]);
    expect(withTiny).toMatch(/### `tiny` engine\n\n.*\n.*\n\| `TINY_URL` \| — \| Where the tiny engine runs\. \|/);
    expect(withTiny).toContain('| `TINY_STEPS` | `3` | Steps a tiny image takes. |');
    // The engines GENERATION_ENGINE accepts are spelt from the list.
    expect(withTiny).toMatch(/\| `GENERATION_ENGINE` \| `preview` \| .*`flux`, `wan` or `tiny`\. /);
  });

  it('refuse a variable without a description, naming it', () => {
    const undescribed = {
      ...tiny,
      settings: z.object({ TINY_URL: z.string().default(''), TINY_KEY: z.string().optional() }),
    };
    expect(() => settingsTables([...ENGINES, undescribed])).toThrow(
      'settings without a description (.describe()): TINY_URL, TINY_KEY',
    );
  });
});

describe('the engines table', () => {
  const rows = (table: string) => table.split('\n').slice(2);

  it('has a row for every engine the server knows', () => {
    const table = enginesTable();
    expect(rows(table).map((row) => row.split(' | ')[0])).toEqual(ENGINES.map((e) => `| \`${e.name}\``));
    expect(table).toContain('| `openai` | `text`, `iterate`, `edit` | 8 | `1:1`, `3:2`, `2:3` |');
  });

  it('shows an engine it is given with its capabilities and its settings, linked to their table', () => {
    const row = rows(enginesTable([...ENGINES, tiny])).at(-1);
    expect(row).toBe(
      '| `tiny` | `text`, `upscale` | 2 | `1:1` | `SD` | no | depth | yes | no | ×2 | `en` | ' +
        'at least 256 px a side, at most 5 MiB | no | ' +
        '[`TINY_URL`](configuration.md#tiny-engine), [`TINY_STEPS`](configuration.md#tiny-engine) |',
    );
  });
});
