// A throw-away PostgreSQL for benchmarks (as the test script starts one): BENCH_DATABASE_URL wins.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

export async function startPostgres(): Promise<{ url: string; stop: () => void } | null> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: () => {} };
  const bin = fs
    .readdirSync('/usr/lib/postgresql', { withFileTypes: true })
    .map((d) => path.join('/usr/lib/postgresql', d.name, 'bin'))
    .find((d) => fs.existsSync(path.join(d, 'initdb')));
  if (!bin) return null;
  const root = process.getuid?.() === 0;
  const as = (cmd: string, args: string[]) =>
    (root ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]) as [string, string[]];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-bench-pg-'));
  fs.chmodSync(dir, 0o755);
  if (root) spawnSync('chown', ['postgres', dir]);
  const port = await freePort();
  execFileSync(...as(path.join(bin, 'initdb'), ['-D', `${dir}/data`, '-U', 'postgres', '-A', 'trust', '--no-sync']), {
    stdio: 'ignore',
  });
  execFileSync(
    ...as(path.join(bin, 'pg_ctl'), [
      '-D',
      `${dir}/data`,
      '-w',
      '-l',
      `${dir}/log`,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c synchronous_commit=off`,
      'start',
    ]),
    { stdio: 'ignore' },
  );
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query('create database bench');
  await client.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/bench`,
    stop: () => {
      spawnSync(...as(path.join(bin, 'pg_ctl'), ['-D', `${dir}/data`, '-m', 'immediate', 'stop']), { stdio: 'ignore' });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
