import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIMITS } from '@turing/contract';
import { projectComments, projectReviewLinks } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../../test-support/test-app.ts';
import { api, guest, makeLink, person, seedProject } from '../../../../test-support/review-helpers.ts';

// PostgreSQL only: requests on separate connections at once.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const oneView = { views: [{ name: 'Street elevation', kinds: ['result' as const] }] };

describe('review limits under requests at once', () => {
  it('makes no more than the project’s review links however many are asked for at once', async () => {
    const owner = await person(t);
    const project = await seedProject(t, owner, oneView);
    const answers = await Promise.all(
      Array.from({ length: PROJECT_LIMITS.reviewLinksPerProject + 8 }, () =>
        api(t, 'POST', '/project/review-link/create', { cookie: owner.cookie, body: { projectId: project.id } }),
      ),
    );
    expect(answers.filter((a) => a.http === 200)).toHaveLength(PROJECT_LIMITS.reviewLinksPerProject);
    expect(answers.filter((a) => a.body.code === 'REVIEW_LINK_LIMIT')).toHaveLength(8);
    const rows = await t.database.db
      .select()
      .from(projectReviewLinks)
      .where(eq(projectReviewLinks.projectId, project.id));
    expect(rows).toHaveLength(PROJECT_LIMITS.reviewLinksPerProject);
  });

  it('keeps a project within its comments when guests write at once', async () => {
    const owner = await person(t);
    const project = await seedProject(t, owner, oneView);
    const imageId = project.views[0]!.images[0]!.id;
    const room = 5;
    const rows = Array.from({ length: PROJECT_LIMITS.commentsPerProject - room }, (_, i) => ({
      projectId: project.id,
      imageId,
      authorId: owner.id,
      authorName: 'Owner',
      body: `n${i}`,
      x: 0.5,
      y: 0.5,
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await t.database.db.insert(projectComments).values(rows.slice(i, i + 1000));
    const { token } = await makeLink(t, owner.cookie, { projectId: project.id });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        guest(
          t,
          'comment',
          { token, imageId, x: 0.1, y: 0.1, body: `at once ${i}`, name: 'Ann' },
          { ip: `192.0.2.${i + 1}` },
        ),
      ),
    );
    expect(answers.filter((a) => a.http === 200)).toHaveLength(room);
    expect(answers.filter((a) => a.body.code === 'COMMENT_LIMIT')).toHaveLength(12 - room);
    const held = await t.database.db.select().from(projectComments).where(eq(projectComments.projectId, project.id));
    expect(held).toHaveLength(PROJECT_LIMITS.commentsPerProject);
  });

  it('lets no more than ten password guesses through on a link, however many arrive at once', async () => {
    const owner = await person(t);
    const project = await seedProject(t, owner, oneView);
    const { token } = await makeLink(t, owner.cookie, { projectId: project.id, password: 'canal-2026' });
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        guest(t, 'open', { token, password: `guess-${i}` }, { ip: `198.51.100.${i + 1}` }),
      ),
    );
    expect(answers.filter((a) => a.body.code === 'REVIEW_PASSWORD_WRONG')).toHaveLength(10);
    expect(answers.filter((a) => a.body.code === 'RATE_LIMITED')).toHaveLength(15);
  });
});
