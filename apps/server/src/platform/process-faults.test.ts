import { execFile } from 'node:child_process';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createProcessFaults } from './process-faults.ts';

const run = promisify(execFile);

function recordingLog() {
  const lines: { obj: { err: unknown; unhandledRejections: number }; msg: string }[] = [];
  return { lines, error: (obj: (typeof lines)[number]['obj'], msg: string) => void lines.push({ obj, msg }) };
}

describe('unhandled promise rejections', () => {
  it('are counted and logged at error level with the error and its stack', () => {
    const faults = createProcessFaults();
    const log = recordingLog();
    const target = new EventEmitter();
    faults.useLogger(log);
    faults.install(target as unknown as NodeJS.Process);
    expect(faults.unhandledRejections).toBe(0);

    const boom = new Error('lost the socket', { cause: new Error('ECONNRESET') });
    target.emit('unhandledRejection', boom, Promise.resolve());
    target.emit('unhandledRejection', { code: 'E_ODD', detail: 'not an Error' }, Promise.resolve());

    expect(faults.unhandledRejections).toBe(2);
    expect(log.lines[0]).toEqual({
      obj: { err: boom, unhandledRejections: 1 },
      msg: 'unhandled promise rejection: the process keeps running',
    });
    expect((log.lines[0]!.obj.err as Error).stack).toContain('process-faults.test.ts');
    // Something thrown that is not an Error keeps its printed form.
    expect(log.lines[1]!.obj).toEqual({
      err: { type: 'object', message: "{ code: 'E_ODD', detail: 'not an Error' }" },
      unhandledRejections: 2,
    });
  });

  it('no longer end a real process, which logs them to stderr before its logger exists', async () => {
    const module = pathToFileURL(path.resolve(import.meta.dirname, 'process-faults.ts')).href;
    const script = `
      const { processFaults } = await import(${JSON.stringify(module)});
      processFaults.install(process);
      Promise.reject(new Error('nobody caught me'));
      setTimeout(() => console.log('still running, rejections: ' + processFaults.unhandledRejections), 50);
    `;
    const out = await run(process.execPath, ['--input-type=module', '-e', script]);
    expect(out.stdout.trim()).toBe('still running, rejections: 1');
    const line = JSON.parse(out.stderr.trim()) as {
      level: number;
      msg: string;
      err: { message: string; stack: string };
    };
    expect(line).toMatchObject({ level: 50, msg: 'unhandled promise rejection: the process keeps running' });
    expect(line.err.message).toBe('nobody caught me');
    expect(line.err.stack).toMatch(/^Error: nobody caught me\n\s+at /);
  });
});
