import fs from 'node:fs';
import path from 'node:path';

export interface OutboxLine {
  channel: 'phone' | 'email';
  to: string;
  purpose: string;
  code: string | null;
  text: string;
  at: string;
}

/**
 * The development stand-in for SMS and e-mail: every message is logged and appended as one JSON
 * line to <data>/outbox.jsonl, where people and tests can read the codes. Never used in production.
 */
export function createOutbox(dataDir: string, log: (line: OutboxLine) => void) {
  const file = path.join(dataDir, 'outbox.jsonl');
  return {
    file,
    async append(line: OutboxLine) {
      await fs.promises.mkdir(dataDir, { recursive: true });
      await fs.promises.appendFile(file, `${JSON.stringify(line)}\n`);
      log(line);
    },
  };
}
