// (v) Board export: seconds and peak memory of a presentation board at A1 landscape, 300 DPI, six
// images (9933 × 7016 pixels a page), as a PDF and as a PNG, and twelve images (two pages) as a PDF
// to show the memory does not grow with the pages. Six pictures are drawn once by the preview engine
// (2048 × 1536, enlarged to 4096 × 3072 as an upscaled result). Each case then runs in a fresh
// process: the product's services on the embedded database, the pictures stored as the user's
// results, and `POST /turing/board/export` over loopback HTTP, the body read and dropped. Peak memory
// is the process's high-water mark of resident memory (VmHWM) over the export alone, reset just
// before it (/proc/self/clear_refs); the resident memory before the export is printed beside it, and
// the difference is what the export took. Also with MALLOC_ARENA_MAX=2, since glibc's per-thread
// arenas keep what libvips' threads freed.
// `npx tsx bench/boards.ts` prints only (v).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { APP_HEADER, SESSION_COOKIE, type BoardExportBody } from '@turing/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { uploads, users } from '../apps/server/src/db/schema/index.ts';
import type { EngineTask } from '../apps/server/src/generation/engine.ts';
import { renderScene } from '../apps/server/src/generation/engines/preview/render-scene.ts';

const MB = 1024 * 1024;

interface Case {
  format: 'pdf' | 'png';
  images: number;
  /** The pictures' files, made once by the benchmark's own process. */
  pictures?: string[];
  /** MALLOC_ARENA_MAX for the process, or the allocator's default. */
  arenas?: string;
}
interface Figures extends Case {
  seconds: number;
  peakMb: number;
  beforeMb: number;
  bytes: number;
  contentType: string;
}

/** A building drawn by the preview engine at 2048 × 1536 (edges, textures and sky: a real result's content), as a 4096 × 3072 PNG. */
async function picture(seed: number): Promise<Buffer> {
  const task = {
    id: 'bench',
    attempt: 1,
    mode: 'text',
    type: 'architectural',
    model: 'architecture',
    prompt: '',
    negativePrompt: '',
    width: 2048,
    height: 1536,
    count: 1,
    quality: 'FHD',
    seed,
    imageWeight: 0.5,
    textWeight: 0.5,
    controlStrength: 0.5,
    tags: { style: ['modern'], material: ['brick', 'glass'], function: ['villa'] },
    images: {},
  } satisfies EngineTask;
  const img = await renderScene(task, 0);
  // Enlarged twice, as the upscaler leaves a result: the board then resizes each one down to its cell.
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(img.width * 2, img.height * 2)
    .png()
    .toBuffer();
}

const statusKb = (field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN);

/** One case, in this process (run as a child of the benchmark). */
async function runCase(c: Case): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-bench-board-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'none'), LOG_LEVEL: 'warn' });
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir, poolSize: 1 });
    const app = await buildApp({ config, database, logger: pino({ level: 'warn' }, process.stderr) });
    await app.ready();
    const services = app.services!;
    const [user] = await database.db
      .insert(users)
      .values({ username: `board${Date.now()}`, nickname: 'Board', inviteCode: `BRD${Date.now()}` })
      .returning();
    // Stored as the user's results without decoding them here: the export is the first image work
    // this process does, so its memory is the export's.
    const ids: string[] = [];
    for (const file of c.pictures!) {
      const png = fs.readFileSync(file);
      const key = await services.storage.put(`result/bench/${path.basename(file)}`, png, {
        contentType: 'image/png',
        visibility: 'private',
      });
      const [row] = await database.db
        .insert(uploads)
        .values({
          userId: user!.id,
          kind: 'result',
          key,
          mime: 'image/png',
          width: 4096,
          height: 3072,
          bytes: png.length,
        })
        .returning();
      ids.push(row!.id);
    }
    const { token } = await services.sessions.create(user!.id);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const body: BoardExportBody = {
      title: 'Lakeside pavilion 湖畔木亭',
      subtitle: 'Concept design, second review',
      format: c.format,
      paper: 'A1',
      orientation: 'landscape',
      dpi: 300,
      layout: 6,
      lang: 'en',
      images: Array.from({ length: c.images }, (_, i) => ({
        imageId: ids[i % ids.length]!,
        caption: 'Morning view across the lake, the timber pavilion and the misty hills behind 清晨的湖面',
        group: ['Exterior', 'Living room', '客厅'][i % 3],
      })),
    };
    const beforeMb = statusKb('VmRSS') / 1024;
    // Resets the high-water mark, so the peak is the export's alone.
    fs.writeFileSync('/proc/self/clear_refs', '5');
    const started = performance.now();
    const res = await fetch(`${address}/turing/board/export`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `${SESSION_COOKIE}=${token}`,
        [APP_HEADER.name]: APP_HEADER.value,
      },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`export refused: ${res.status} ${await res.text()}`);
    let bytes = 0;
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
    const seconds = (performance.now() - started) / 1000;
    const peakMb = statusKb('VmHWM') / 1024;
    await app.close();
    await database.close();
    const { pictures: _, ...rest } = c;
    return { ...rest, seconds, peakMb, beforeMb, bytes, contentType: res.headers.get('content-type') ?? '' };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs one case in a fresh process, so no case inherits another's memory. */
function inChild(c: Case): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, ...(c.arenas ? { MALLOC_ARENA_MAX: c.arenas } : {}) };
    const child = spawn(process.execPath, [import.meta.filename, 'case', JSON.stringify(c)], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => {
      const line = out.split('\n').findLast((l) => l.startsWith('{"format"'));
      if (code === 0 && line) resolve(JSON.parse(line) as Figures);
      else reject(new Error(`board case ${JSON.stringify(c)} exited with ${code}: ${out}`));
    });
  });
}

export const BOARD_CASES: Case[] = [
  { format: 'pdf', images: 6 },
  { format: 'png', images: 6 },
  { format: 'pdf', images: 12 },
  { format: 'pdf', images: 6, arenas: '2' },
  { format: 'png', images: 6, arenas: '2' },
];

export async function boardFigures(cases = BOARD_CASES): Promise<Figures[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-bench-pictures-'));
  try {
    const pictures: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const file = path.join(dir, `picture-${i}.png`);
      fs.writeFileSync(file, await picture(11 + i));
      pictures.push(file);
    }
    const figures: Figures[] = [];
    for (const c of cases) figures.push(await inChild({ ...c, pictures }));
    return figures;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function printBoards(figures: Figures[]) {
  console.log('\n(v) board export, A1 landscape at 300 DPI (9933 × 7016 px a page), 4096 × 3072 pictures:');
  for (const f of figures) {
    const what = `${f.images} images ${f.format.toUpperCase()}${f.arenas ? ` (MALLOC_ARENA_MAX=${f.arenas})` : ''}`;
    console.log(
      `    ${what}: ${f.seconds.toFixed(1)} s, peak RSS ${f.peakMb.toFixed(0)} MB (${f.beforeMb.toFixed(0)} MB before: +${(f.peakMb - f.beforeMb).toFixed(0)} MB), ${(f.bytes / MB).toFixed(1)} MB ${f.contentType}`,
    );
  }
  console.log(`    load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`);
}

if (process.argv[2] === 'case') {
  console.log(JSON.stringify(await runCase(JSON.parse(process.argv[3]!) as Case)));
  process.exit(0);
} else if (import.meta.filename === process.argv[1]) {
  printBoards(await boardFigures());
}
