import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './static-files.ts';

describe('inline script hashes for the Content-Security-Policy', () => {
  it('allows exactly the inline scripts of the built index.html, not the external ones', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    const body = "(function(){var a='x'})()";
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<head><script type="module" src="/assets/index.js"></script><script>${body}</script></head>`,
    );
    const expected = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    expect(inlineScriptHashes(dir)).toEqual([expected]);
    fs.rmSync(dir, { recursive: true });
  });

  it('is empty when the app is not built', () => {
    expect(inlineScriptHashes(path.join(os.tmpdir(), 'no-such-web-dist'))).toEqual([]);
  });
});
