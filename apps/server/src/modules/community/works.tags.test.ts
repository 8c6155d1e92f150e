import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json().data;

describe('tags', () => {
  it('give the community the environment tags, once each, in both languages', async () => {
    const community = await get('/turing/community/tags');
    expect(community.environment.map((tag: { slug: string }) => tag.slug)).toContain('waterfront');
    expect(community.environment.find((tag: { slug: string }) => tag.slug === 'urban')).toEqual({
      slug: 'urban',
      category: 'environment',
      label: { en: 'Urban', zh: '城市' },
    });
    for (const category of ['style', 'function', 'material', 'environment']) {
      const slugs = community[category].map((tag: { slug: string }) => tag.slug);
      expect(slugs.length).toBeGreaterThan(0);
      expect(new Set(slugs).size).toBe(slugs.length);
    }
  });

  it('keep the studio to style, material and function, whichever the design type', async () => {
    for (const type of ['architectural', 'interior']) {
      const studio = await get(`/turing/design/tags?type=${type}`);
      expect(Object.keys(studio).sort()).toEqual(['function', 'material', 'style']);
      const all = [...studio.style, ...studio.material, ...studio.function];
      expect(all.some((tag: { slug: string }) => tag.slug === 'urban')).toBe(false);
    }
  });
});
