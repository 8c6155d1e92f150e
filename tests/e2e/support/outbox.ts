import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

interface OutboxLine {
  channel: string;
  to: string;
  purpose: string;
  code: string | null;
}

/** Waits for the newest code the dev outbox received for `to` (and purpose, when given). */
export async function codeFor(to: string, purpose?: string): Promise<string> {
  const file = path.join(process.env.E2E_DATA_DIR!, 'outbox.jsonl');
  let code: string | null = null;
  await expect
    .poll(() => {
      if (!fs.existsSync(file)) return null;
      const lines = fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as OutboxLine)
        .filter((l) => l.to === to && (!purpose || l.purpose === purpose));
      code = lines.at(-1)?.code ?? null;
      return code;
    })
    .not.toBeNull();
  return code!;
}

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
