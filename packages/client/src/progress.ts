import type { BatchEvent } from './batch.ts';

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

const cubes = (n: number) => `${n} ${n === 1 ? 'cube' : 'cubes'}`;
const pad = (n: number, total: number) => String(n).padStart(String(total).length);

/**
 * The batch's progress on stderr. On a terminal: one line redrawn in place (a bar, done of total,
 * running, failed, the latest news); elsewhere (a CI log, a file) one plain line per event, since
 * carriage returns only clutter a log.
 */
export function createProgress(stream: ProgressStream, total: number) {
  let done = 0;
  let failed = 0;
  const running = new Set<string>();
  let news = '';

  function bar() {
    const width = 20;
    const filled = total ? Math.round(((done + failed) / total) * width) : width;
    const line =
      `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${pad(done, total)}/${total} done · ` +
      `${running.size} running · ${failed} failed${news ? ` · ${news}` : ''}`;
    const max = (stream.columns ?? 100) - 1;
    stream.write(`\r\x1b[2K${line.length > max ? `${line.slice(0, max - 1)}…` : line}`);
  }

  const log = (text: string) => stream.write(`[${pad(done + failed, total)}/${total}] ${text}\n`);

  function describe(e: BatchEvent): string | null {
    switch (e.type) {
      case 'uploading':
        return `${e.item.name}: uploading`;
      case 'submitted':
        return `${e.item.name}: submitted (${cubes(e.task.cost.cubes)})`;
      case 'progress':
        if (e.task.state === 'queued')
          return `${e.item.name}: queued${e.task.position ? `, #${e.task.position} in line` : ''}`;
        if (e.task.state === 'generating') return `${e.item.name}: generating ${e.task.progress}%`;
        return null;
      case 'done':
        return `${e.item.name}: complete → ${e.files.join(', ')}`;
      case 'failed':
        return `${e.item.name}: failed (${e.code}) ${e.message}`;
    }
  }

  return {
    onEvent(e: BatchEvent) {
      if (e.type === 'uploading' || e.type === 'submitted') running.add(e.item.name);
      if (e.type === 'done' || e.type === 'failed') {
        running.delete(e.item.name);
        if (e.type === 'done') done += 1;
        else failed += 1;
      }
      const text = describe(e);
      if (stream.isTTY) {
        if (e.type === 'failed') stream.write(`\r\x1b[2K${text}\n`);
        if (text) news = text;
        bar();
      } else if (text && !(e.type === 'progress' && e.task.state === 'generating' && e.task.progress % 25 !== 0)) {
        // Generating progress comes often; a log keeps every quarter.
        log(text);
      }
    },
    /** Ends the redrawn line so what follows starts on a line of its own. */
    finish() {
      if (stream.isTTY) {
        news = '';
        bar();
        stream.write('\n');
      }
    },
  };
}
