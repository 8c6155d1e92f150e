import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const base = { DATA_DIR: '/tmp/turing-config-test' };
const problems = (env: Record<string, string>) => {
  try {
    loadConfig({ ...base, ...env });
    return '';
  } catch (err) {
    return (err as Error).message;
  }
};

describe('configuration', () => {
  it('starts on embedded defaults outside production', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({ production: false, database: 'pglite', TRUST_PROXY: false });
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('refuses production without what real users need, naming each missing setting', () => {
    const message = problems({ NODE_ENV: 'production' });
    for (const name of ['PUBLIC_URL', 'FILE_URL_SECRET', 'ADMIN_TOKEN', 'SMTP_URL']) expect(message).toContain(name);
    const complete = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://turing.example.com/',
      FILE_URL_SECRET: 'f'.repeat(32),
      ADMIN_TOKEN: 'a'.repeat(32),
      SMTP_URL: 'smtps://u:p@smtp.example.com',
    };
    expect(problems(complete)).toBe('');
    expect(loadConfig({ ...base, ...complete }).publicUrl).toBe('https://turing.example.com');
  });

  it('refuses per-node random secrets when several nodes share a database', () => {
    const shared = problems({ DATABASE_URL: 'postgres://db.internal/turing' });
    expect(shared).toContain('FILE_URL_SECRET');
    expect(shared).toContain('ADMIN_TOKEN');
    expect(problems({ DATABASE_URL: 'postgres://db/x', ROLE: 'worker', FILE_URL_SECRET: 'x'.repeat(16) })).toMatch(
      /ADMIN_TOKEN: required with ROLE=worker/,
    );
  });

  it('refuses several nodes on local files unless the operator says the folder is shared, naming both ways', () => {
    const secrets = { FILE_URL_SECRET: 'f'.repeat(32), ADMIN_TOKEN: 'a'.repeat(32) };
    const local = problems({ DATABASE_URL: 'postgres://db/x', ...secrets });
    expect(local).toContain('S3_BUCKET or FILES_SHARED=true');
    expect(problems({ DATABASE_URL: 'postgres://db/x', ...secrets, FILES_SHARED: 'true' })).toBe('');
    expect(problems({ DATABASE_URL: 'postgres://db/x', ...secrets, S3_BUCKET: 'images' })).toBe('');
    expect(problems({ ROLE: 'api', DATABASE_URL: 'postgres://db/x', ...secrets })).toMatch(/required with ROLE=api/);
    // One process on the embedded database stores and serves its own files.
    expect(problems({})).toBe('');
  });

  it('names a node the same across restarts, and apart from another node on the host', () => {
    const a = loadConfig({ ...base, PORT: '8080' }).nodeId;
    expect(loadConfig({ ...base, PORT: '8080' }).nodeId).toBe(a);
    expect(loadConfig({ ...base, PORT: '8081' }).nodeId).not.toBe(a);
    expect(loadConfig({ ...base, NODE_ID: 'gpu-node-1' }).nodeId).toBe('gpu-node-1');
    expect(problems({ NODE_ID: 'has spaces' })).toContain('NODE_ID');
  });

  it('reads trusted proxies as a hop count, true or false, or a list', () => {
    const trust = (value: string) => loadConfig({ ...base, TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust('1')).toBe(1);
    expect(trust(' 2 ')).toBe(2);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('false')).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(trust('::1,fd00::/8,192.168.1.10/32')).toEqual(['::1', 'fd00::/8', '192.168.1.10/32']);
    expect(problems({ ADMIN_LISTEN: 'nope' })).toContain('ADMIN_LISTEN');
  });

  it('refuses to start on a TRUST_PROXY that is none of the forms, naming the wrong part', () => {
    for (const value of [
      'yes',
      'on',
      'loopback',
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0/8',
      '1.5',
      '-1',
      '10.0.0.1,',
      '1e3',
    ]) {
      const message = problems({ TRUST_PROXY: value });
      expect(message, value).toMatch(/^Invalid configuration:\n {2}TRUST_PROXY: /);
      expect(message, value).toContain('expected a hop count (1), true, false, or addresses and CIDR ranges');
    }
    expect(problems({ TRUST_PROXY: '127.0.0.1, proxy.internal' })).toContain('"proxy.internal": not an IP address');
    expect(problems({ TRUST_PROXY: '1000' })).toContain('1000 hops');
  });

  it('reads the generation lists into tables, with the same defaults as before', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      GENERATION_ENGINE: 'preview',
      MODEL_ENGINES: {},
      QUALITY_LONG_EDGE: { SD: 768, HD: 1280, FHD: 2048 },
      COST_CUBES: { SD: 1, HD: 2, FHD: 4 },
      MODEL_COSTS: {},
      // Each engine's own settings (from its descriptor) are part of the configuration.
      PREVIEW_PACE_MS: 4000,
      COMFYUI_URLS: '',
      OPENAI_IMAGE_MODEL: 'gpt-image-2',
      STABILITY_MODEL: 'core',
      BFL_MODEL: 'flux-pro-1.1',
      WAN_EDIT_MODEL: 'wanx2.1-imageedit',
    });
    const set = loadConfig({
      ...base,
      MODEL_ENGINES: 'architecture:comfyui, architecture-beta:openai',
      QUALITY_LONG_EDGE: 'HD:1400',
      COST_CUBES: 'SD:2,HD:3,FHD:5',
      MODEL_COSTS: 'flux-pro:SD:3,HD:4,FHD:6;stable-image-ultra:x4:20',
    });
    expect(set.MODEL_ENGINES).toEqual({ architecture: 'comfyui', 'architecture-beta': 'openai' });
    expect(set.QUALITY_LONG_EDGE).toEqual({ SD: 768, HD: 1400, FHD: 2048 });
    expect(set.COST_CUBES).toEqual({ SD: 2, HD: 3, FHD: 5 });
    expect(set.MODEL_COSTS).toEqual({ 'flux-pro': { SD: 3, HD: 4, FHD: 6 }, 'stable-image-ultra': { 4: 20 } });
  });

  it('refuses to start on an engine it does not know, naming the variable, the value and the engines', () => {
    const message = problems({ MODEL_ENGINES: 'architecture:openai,architecture-beta:comfy' });
    expect(message).toMatch(
      /^Invalid configuration:\n {2}MODEL_ENGINES: unknown engine "comfy" in "architecture:openai,/,
    );
    expect(message).toContain('engines preview, comfyui, openai, stability, flux, wan');
    expect(problems({ MODEL_ENGINES: 'architecture=comfyui' })).toContain(
      'MODEL_ENGINES: "architecture=comfyui" is not a model:engine pair',
    );
    expect(problems({ GENERATION_ENGINE: 'comfy' })).toContain('GENERATION_ENGINE');
  });

  it('refuses a malformed price list instead of charging the catalogue price', () => {
    const message = problems({ MODEL_COSTS: 'flux-pro:SD:3,HD:four;stable-image-ultra:x8:20' });
    expect(message).toMatch(/^Invalid configuration:\n {2}MODEL_COSTS: /);
    expect(message).toContain(
      'flux-pro: HD: "four" is not a whole number above 0; stable-image-ultra: unknown key "x8"',
    );
    expect(message).toContain('in "flux-pro:SD:3,HD:four;stable-image-ultra:x8:20" (expected model:key:cubes');
    expect(problems({ COST_CUBES: 'SD:1,HD:2,FHD' })).toContain('COST_CUBES: "FHD" is not a key:number pair');
    expect(problems({ COST_CUBES: 'SD:0' })).toContain('COST_CUBES: SD: "0" is not a whole number above 0');
  });

  it('refuses a negative, zero or fractional long edge and an unknown quality', () => {
    expect(problems({ QUALITY_LONG_EDGE: 'SD:-768,HD:1280,FHD:2048' })).toMatch(
      /^Invalid configuration:\n {2}QUALITY_LONG_EDGE: SD: "-768" is not a whole number above 0 in "SD:-768,HD:1280,FHD:2048" \(expected quality:pixels pairs/,
    );
    expect(problems({ QUALITY_LONG_EDGE: 'SD:0' })).toContain(
      'QUALITY_LONG_EDGE: SD: "0" is not a whole number above 0',
    );
    expect(problems({ QUALITY_LONG_EDGE: 'HD:1280.5' })).toContain('QUALITY_LONG_EDGE: HD: "1280.5"');
    expect(problems({ QUALITY_LONG_EDGE: 'UHD:4096' })).toContain('QUALITY_LONG_EDGE: unknown key "UHD"');
  });
});
