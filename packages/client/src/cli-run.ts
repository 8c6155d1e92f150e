import { renderBatch, type BatchItem } from './batch.ts';
import { HELP, parseCli, UsageError, type RenderArgs } from './cli-args.ts';
import { createClient, type ClientOptions, type TuringClient } from './client.ts';
import { ApiError } from './errors.ts';
import { createProgress, type ProgressStream } from './progress.ts';
import { collectSketches } from './sketches.ts';
import type { Account, TaskBody } from './types.ts';
import { verifyWebhook } from './webhook.ts';

export interface CliIo {
  env: Record<string, string | undefined>;
  stdout: ProgressStream;
  stderr: ProgressStream;
  /** The whole of standard input (verify-webhook reads the body from it). */
  readStdin: () => Promise<string>;
  /** How the client is made; a test passes a fake one. */
  makeClient?: (
    o: ClientOptions,
  ) => Pick<TuringClient, 'upload' | 'submitTask' | 'waitForTask' | 'download' | 'account' | 'models'>;
}

const DEFAULT_URL = 'http://localhost:8080';

function seconds(ms: number) {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${s % 60}s`;
}

async function render(args: RenderArgs, client: NonNullable<ReturnType<NonNullable<CliIo['makeClient']>>>, io: CliIo) {
  const items: BatchItem[] = args.base ? await collectSketches(args.base) : [{ name: 'render' }];
  if (!items.length) throw new UsageError(`No PNG or JPEG sketches in ${args.base}`);
  const before: Account | null = await client.account().catch(() => null);
  // More at once than the account may have active would only be refused (TOO_MANY_TASKS) and wait.
  const concurrency = Math.min(args.concurrency, before?.activeTasksMax ?? args.concurrency);
  const params: TaskBody = {
    mode: args.mode,
    prompt: args.prompt,
    ...(args.model ? { model: args.model as TaskBody['model'] } : {}),
    ...(args.quality ? { quality: args.quality as TaskBody['quality'] } : {}),
    ...(args.size ? { size: args.size as TaskBody['size'] } : {}),
    ...(args.count ? { count: args.count } : {}),
    ...(args.webhook ? { webhook: { url: args.webhook } } : {}),
  };
  io.stderr.write(
    `Rendering ${items.length} ${items.length === 1 ? 'task' : 'tasks'}, ${concurrency} at a time, into ${args.out}\n`,
  );
  const progress = createProgress(io.stderr, items.length);
  const started = Date.now();
  const report = await renderBatch({
    client,
    items,
    params,
    outDir: args.out,
    concurrency,
    onEvent: (e) => {
      if (e.type === 'submitted' && e.task.webhook?.secret)
        io.stderr.write(`\nWebhook signing secret for ${args.webhook} (shown once): ${e.task.webhook.secret}\n`);
      progress.onEvent(e);
    },
  });
  progress.finish();
  for (const r of report.results) for (const file of r.files) io.stdout.write(`${file}\n`);
  const after: Account | null = before ? await client.account().catch(() => null) : null;
  const spent =
    before && after ? ` · ${before.cubes - after.cubes} cubes spent (${before.cubes} → ${after.cubes})` : '';
  io.stderr.write(`${report.done} complete, ${report.failed} failed in ${seconds(Date.now() - started)}${spent}\n`);
  for (const r of report.results.filter((x) => !x.ok))
    io.stderr.write(`  ${r.item.name}: ${r.error?.code} ${r.error?.message}\n`);
  return report.failed ? 1 : 0;
}

/** Runs one command line; the answer is the exit status. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    const args = parseCli(argv);
    if (args.command === 'help') {
      io.stdout.write(HELP);
      return 0;
    }
    if (args.command === 'verify-webhook') {
      const headers = {
        'webhook-id': args.id,
        'webhook-timestamp': args.timestamp,
        'webhook-signature': args.signature,
      };
      const payload = verifyWebhook(args.secret, headers, await io.readStdin());
      io.stdout.write(`${JSON.stringify(payload, null, 2)}\n`);
      return 0;
    }
    const apiKey = io.env.TURING_API_KEY;
    if (!apiKey)
      throw new UsageError('Set TURING_API_KEY to an API key (td_live_…); make one under User centre → API keys');
    const baseUrl = args.apiUrl ?? io.env.TURING_API_URL ?? DEFAULT_URL;
    const client = (io.makeClient ?? createClient)({ baseUrl, apiKey, userAgent: 'turing-cli/0.1' });
    if (args.command === 'account' || args.command === 'models') {
      const answer = args.command === 'account' ? await client.account() : await client.models();
      io.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
      return 0;
    }
    return await render(args, client, io);
  } catch (e) {
    if (e instanceof UsageError || (e instanceof Error && 'code' in e && String(e.code).startsWith('ERR_PARSE_ARGS'))) {
      io.stderr.write(`${e.message}\n\nRun turing --help for the options.\n`);
      return 2;
    }
    if (e instanceof ApiError) {
      io.stderr.write(`${e.code}: ${e.message}${e.requestId ? ` (request ${e.requestId})` : ''}\n`);
      return 1;
    }
    io.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}
