import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../../../test-support/admin-cli.ts';
import { buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { redeem } from '../../../test-support/redemption.fixtures.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp();
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const admin = (...args: string[]) => runAdminCli(t, url, ...args);
const CODE = /[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}/g;

describe('redemption codes from the command line', () => {
  it('mints to a CSV file, lists and revokes a batch', async () => {
    const csv = path.join(t.config.DATA_DIR, 'fair.csv');
    const mint = await admin(
      'codes:mint',
      '--count',
      '3',
      '--cubes',
      '20',
      '--days',
      '2',
      '--expires',
      '2099-12-31',
      '--batch',
      'fair',
      '--csv',
      csv,
    );
    expect(mint.code).toBe(0);
    expect(mint.stdout).toContain(
      'Minted 3 codes in batch "fair", each worth 20 cubes + 2 plan days, redeemable through 2099-12-31 (until 2',
    );
    expect(mint.stdout).toContain(`Wrote them to ${csv}.`);
    const lines = fs.readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('"code","batch","cubes","plan_days","expires_at"');
    expect(lines.slice(1)).toHaveLength(3);
    const codes = lines.slice(1).map((l) => l.match(CODE)![0]);
    expect(lines[1]).toMatch(/^"[A-Z2-9-]{14}","fair","20","2","2\d{3}-\d{2}-\d{2}T[\d:.]+Z"$/);

    // The file is never overwritten, and nothing is minted then.
    const again = await admin('codes:mint', '--count', '3', '--cubes', '1', '--batch', 'fair', '--csv', csv);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Cannot create ${csv}`);

    const user = await seedUser(t);
    expect((await redeem(t, user.cookie, codes[0]!)).status).toBe(200);
    const list = await admin('codes:list', '--batch', 'fair');
    expect(list.stdout).toContain('3 codes: 2 unused, 1 used.');
    expect(list.stdout).toContain(`${user.user.username} at `);
    for (const code of codes) expect(list.stdout).toContain(code);
    expect((await admin('codes:list', '--batch', 'fair', '--status', 'used')).stdout).toContain('1 code: 1 used.');

    expect((await admin('codes:revoke', codes[1]!.toLowerCase())).stdout).toContain('is revoked.');
    expect((await admin('codes:revoke', codes[0]!)).stdout).toContain('was already used or revoked; nothing changed.');
    const batch = await admin('codes:revoke', '--batch', 'fair');
    expect(batch.stdout).toContain('Revoked 1 of 3 codes in batch "fair" (2 were used or revoked before).');
    expect((await admin('codes:list', '--batch', 'fair')).stdout).toContain('3 codes: 1 used, 2 revoked.');
  });

  it('prints the codes without --csv, and explains wrong use', async () => {
    const [printed, noCount, noValue, badDate, badStatus, noTarget, unknown, noBatch, help] = await Promise.all([
      admin('codes:mint', '--count', '2', '--days', '1'),
      admin('codes:mint', '--cubes', '5'),
      admin('codes:mint', '--count', '2'),
      admin('codes:mint', '--count', '2', '--cubes', '1', '--expires', '2099-02-30'),
      admin('codes:list', '--status', 'open'),
      admin('codes:revoke'),
      admin('codes:revoke', 'AAAA-AAAA-AAAA'),
      admin('codes:revoke', '--batch', 'never-made'),
      admin('help'),
    ]);
    expect(printed.stdout).toMatch(
      /Minted 2 codes in batch "batch-[\d-]+-[0-9a-f]{6}", each worth 1 plan day, never expiring\./,
    );
    expect(printed.stdout.match(CODE)).toHaveLength(2);
    expect(noCount.code).toBe(2);
    expect(noCount.stderr).toContain('codes:mint needs --count.');
    expect(noValue.stderr).toContain('needs --cubes or --days');
    expect(badDate.stderr).toContain('--expires must be a date such as 2026-12-31.');
    expect(badStatus.stderr).toContain('--status must be one of unused, used, expired, revoked, all.');
    expect(noTarget.stderr).toContain('codes:revoke needs a code or --batch NAME');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No code AAAA-AAAA-AAAA.');
    expect(noBatch.stderr).toContain('No batch "never-made".');
    for (const command of ['codes:mint', 'codes:list', 'codes:revoke']) expect(help.stdout).toContain(command);
  });
});
