import type { Transport } from './http.ts';
import type { Task } from './types.ts';

export interface DownloadOptions {
  /** The start of each file's name; the task's id when left out. Files are `<prefix>-<n>.<ext>`. */
  prefix?: string;
  signal?: AbortSignal;
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

function extensionOf(res: Response, url: string): string {
  const type = res.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (EXTENSIONS[type]) return EXTENSIONS[type];
  const fromPath = /\.(png|jpe?g|webp)$/i.exec(new URL(url, 'http://x').pathname)?.[1]?.toLowerCase();
  return fromPath === 'jpeg' ? 'jpg' : (fromPath ?? 'png');
}

/**
 * Writes a task's results into a folder (made when missing), numbered from 1 in the task's order.
 * Result URLs are signed and expire, so this is best done soon after the task completes.
 */
export async function downloadResults(http: Transport, task: Task, dir: string, o: DownloadOptions = {}) {
  const { mkdir, writeFile } = await import('node:fs/promises');
  const { basename, join } = await import('node:path');
  await mkdir(dir, { recursive: true });
  // A name from the server's answer is a file name, never a path: nothing is written outside `dir`.
  const prefix = basename(o.prefix ?? task.id).replace(/^\.+/, '') || 'render';
  const paths: string[] = [];
  for (const [i, result] of task.results.entries()) {
    const res = await http.download(result.url, o.signal);
    const ext = extensionOf(res, result.url);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // Never over an existing file (an earlier run's): the next free name instead, `…-1-2.png`.
    let file = join(dir, `${prefix}-${i + 1}.${ext}`);
    for (let n = 2; ; n += 1) {
      try {
        await writeFile(file, bytes, { flag: 'wx' });
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== 'EEXIST' || n > 1000) throw err;
        file = join(dir, `${prefix}-${i + 1}-${n}.${ext}`);
      }
    }
    paths.push(file);
  }
  return paths;
}
