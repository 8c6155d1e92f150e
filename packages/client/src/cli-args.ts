import { parseArgs } from 'node:util';

export class UsageError extends Error {}

export const HELP = `turing: the Turing Design API from a terminal

Usage:
  turing render --prompt "…" --base <sketch or folder> --out <folder> [options]
  turing account                 cubes, plan time and active tasks of the key's owner
  turing models                  the models the server runs and their prices
  turing verify-webhook --secret whsec_… --id <webhook-id> --timestamp <t> --signature "v1,…" < body.json

render options:
  --prompt <text>        what to render
  --base <path>          a sketch (PNG or JPEG) or a folder of them; each becomes one task
  --out <folder>         where results go, as <sketch>-<n>.png (default ./renders)
  --mode iterate|text    iterate renders the sketches (default with --base); text needs no sketch
  --model <id>           e.g. architecture (see turing models)
  --quality SD|HD|FHD    default SD
  --size <ratio>         1:1, 4:3, 3:4, 16:9, 9:16, 3:2 or 2:3 (default: the sketch's own)
  --count <n>            images per sketch (default 1)
  --concurrency <n>      sketches rendered at once (default 4)
  --webhook <url>        also send each task's events to this address (signed)

Everywhere:
  --api-url <url>        the server (or TURING_API_URL), e.g. https://design.example.com
  --help                 this text

The key comes from TURING_API_KEY (td_live_…); make one in the app under User centre → API keys.
Exit status: 0 when every render completed, 1 when one failed, 2 for a usage error.
`;

export interface RenderArgs {
  command: 'render';
  prompt: string;
  base?: string;
  out: string;
  mode: 'iterate' | 'text';
  model?: string;
  quality?: string;
  size?: string;
  count?: number;
  concurrency: number;
  webhook?: string;
}

interface VerifyArgs {
  command: 'verify-webhook';
  secret: string;
  id: string;
  timestamp: string;
  signature: string;
}

export type CliArgs = (
  RenderArgs | VerifyArgs | { command: 'account' } | { command: 'models' } | { command: 'help' }
) & { apiUrl?: string };

function positiveInt(name: string, value: string | undefined, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new UsageError(`--${name} must be a whole number from 1 to ${max}`);
  return n;
}

export function parseCli(argv: string[]): CliArgs {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      'api-url': { type: 'string' },
      prompt: { type: 'string', short: 'p' },
      base: { type: 'string', short: 'b' },
      out: { type: 'string', short: 'o' },
      mode: { type: 'string' },
      model: { type: 'string' },
      quality: { type: 'string' },
      size: { type: 'string' },
      count: { type: 'string' },
      concurrency: { type: 'string' },
      webhook: { type: 'string' },
      secret: { type: 'string' },
      id: { type: 'string' },
      timestamp: { type: 'string' },
      signature: { type: 'string' },
    },
  });
  const apiUrl = values['api-url'];
  const [command, ...rest] = positionals;
  if (values.help || !command || command === 'help') return { command: 'help', apiUrl };
  if (rest.length) throw new UsageError(`Unexpected argument: ${rest[0]}`);
  if (command === 'account' || command === 'models') return { command, apiUrl };
  if (command === 'verify-webhook') {
    const { secret, id, timestamp, signature } = values;
    if (!secret || !id || !timestamp || !signature)
      throw new UsageError('verify-webhook needs --secret, --id, --timestamp and --signature (the body on stdin)');
    return { command, secret, id, timestamp, signature, apiUrl };
  }
  if (command !== 'render') throw new UsageError(`Unknown command: ${command}`);

  const mode = values.mode ?? (values.base ? 'iterate' : 'text');
  if (mode !== 'iterate' && mode !== 'text') throw new UsageError('--mode must be iterate or text');
  if (mode === 'iterate' && !values.base)
    throw new UsageError('render --mode iterate needs --base (a sketch or a folder)');
  if (mode === 'text' && !values.prompt?.trim()) throw new UsageError('render --mode text needs --prompt');
  return {
    command,
    apiUrl,
    prompt: values.prompt ?? '',
    base: mode === 'iterate' ? values.base : undefined,
    out: values.out ?? './renders',
    mode,
    model: values.model,
    quality: values.quality,
    size: values.size,
    count: positiveInt('count', values.count, 100),
    concurrency: positiveInt('concurrency', values.concurrency, 32) ?? 4,
    webhook: values.webhook,
  };
}
