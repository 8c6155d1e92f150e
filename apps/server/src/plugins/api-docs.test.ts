import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { buildTestApp } from '../../test-support/test-app.ts';

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://turing.example.com',
  FILE_URL_SECRET: 'f'.repeat(32),
  ADMIN_TOKEN: 'a'.repeat(32),
  SMTP_URL: 'smtp://127.0.0.1:9',
};

const docsOf = async (env: Record<string, string>) => {
  const t = await buildTestApp(env);
  try {
    return (await t.app.inject({ method: 'GET', url: '/turing/docs/json' })).statusCode;
  } finally {
    await t.close();
  }
};

describe('the API documentation at /turing/docs', () => {
  it('is served outside production, not in production by default', async () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).apiDocs).toBe(true);
    expect(loadConfig({ DATA_DIR: '/tmp/x', ...production }).apiDocs).toBe(false);
    expect(await docsOf(production)).toBe(404);
  });

  it('is served in production with API_DOCS=true, and hidden anywhere with API_DOCS=false', async () => {
    expect(await docsOf({ ...production, API_DOCS: 'true' })).toBe(200);
    expect(await docsOf({ API_DOCS: 'false' })).toBe(404);
  });
});
