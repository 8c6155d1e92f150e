import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIMITS, type ProjectMember, type ProjectSummary } from '@turing/contract';
import { projectMembers, studioDrafts } from '../../../db/schema/index.ts';
import { makeProject, projectGet, projectPost } from '../../../../test-support/project-helpers.ts';
import { appHeaders, buildTestApp, readOutbox, seedUser, type TestApp } from '../../../../test-support/test-app.ts';
import { MEMBER_ADDS_PER_HOUR } from './projects.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let mails = 0;
const withEmail = () => {
  mails += 1;
  return seedUser(t, { email: `member${mails}.${Date.now()}@example.com`, nickname: `Member ${mails}` });
};
const add = (cookie: string, projectId: string, who: string, role = 'editor', locale: 'en' | 'zh' = 'en') =>
  projectPost<ProjectMember>(t, cookie, '/member/add', { projectId, who, role }, locale);
const mailsTo = (to: string) => readOutbox(t).filter((m) => m.to === to);

describe('members', () => {
  it('are added by e-mail or username, told by e-mail, and listed with the owner', async () => {
    const owner = await seedUser(t, { nickname: 'Ann Architect' });
    const byMail = await withEmail();
    const byName = await withEmail();
    const project = await makeProject(t, owner.cookie, 'Harbour villa');

    const first = await add(owner.cookie, project.id, byMail.user.email!.toUpperCase(), 'commenter');
    expect(first.data).toMatchObject({
      user: { id: byMail.user.id, nickname: byMail.user.nickname, username: byMail.user.username, avatarUrl: null },
      role: 'commenter',
    });
    const second = await add(owner.cookie, project.id, `  ${byName.user.username.toUpperCase()} `, 'viewer', 'zh');
    expect(second.data.role).toBe('viewer');

    const [mail] = mailsTo(byMail.user.email!);
    expect(mail).toMatchObject({ channel: 'email', purpose: 'project-member' });
    expect(mail!.text).toContain('Ann Architect added you to the Turing Design project "Harbour villa" as a commenter');
    expect(mail!.text).toContain(`/#/project/${project.id}`);
    // In the language of the owner who added them.
    expect(mailsTo(byName.user.email!)[0]!.text).toContain(
      'Ann Architect 已将您加入 Turing Design 项目“Harbour villa”',
    );

    // Adding a member again changes their role and sends nothing more.
    expect((await add(owner.cookie, project.id, byMail.user.username, 'editor')).data.role).toBe('editor');
    expect(mailsTo(byMail.user.email!)).toHaveLength(1);

    const listed = await projectGet<{ owner: object; members: ProjectMember[] }>(
      t,
      byName.cookie,
      `/member/list?projectId=${project.id}`,
    );
    expect(listed.data.owner).toEqual({ id: owner.user.id, nickname: 'Ann Architect', avatarUrl: null });
    expect(listed.data.members.map((m) => [m.user.id, m.role])).toEqual([
      [byMail.user.id, 'editor'],
      [byName.user.id, 'viewer'],
    ]);
    // Each finds it in their workspace, shared with them.
    const shared = await projectGet<{ items: ProjectSummary[] }>(t, byName.cookie, '/list?whose=shared');
    expect(shared.data.items.map((p) => [p.id, p.access])).toEqual([[project.id, 'viewer']]);
  });

  it('refuse unknown people, the owner, bad roles and anyone but the owner', async () => {
    const owner = await seedUser(t);
    const editor = await withEmail();
    const suspended = await seedUser(t, { suspendedAt: new Date() });
    const project = await makeProject(t, owner.cookie);
    await add(owner.cookie, project.id, editor.user.username, 'editor');

    const unknown = await add(owner.cookie, project.id, 'nobody@example.com');
    expect([unknown.http, unknown.code, unknown.msg]).toEqual([
      404,
      'MEMBER_USER_NOT_FOUND',
      'No user has that e-mail address or username',
    ]);
    expect((await add(owner.cookie, project.id, suspended.user.username)).code).toBe('MEMBER_USER_NOT_FOUND');
    expect((await add(owner.cookie, project.id, owner.user.username)).code).toBe('MEMBER_IS_OWNER');
    expect((await add(owner.cookie, project.id, '')).code).toBe('MEMBER_USER_NOT_FOUND');
    expect((await add(owner.cookie, project.id, editor.user.username, 'owner')).code).toBe('VALIDATION');

    // An editor changes the work, not the team.
    const stranger = await seedUser(t);
    const calls = [
      () => add(editor.cookie, project.id, stranger.user.username),
      () =>
        projectPost(t, editor.cookie, '/member/role', {
          projectId: project.id,
          userId: editor.user.id,
          role: 'viewer',
        }),
      () => projectPost(t, editor.cookie, '/member/remove', { projectId: project.id, userId: editor.user.id }),
    ];
    for (const call of calls) expect(await call()).toMatchObject({ http: 403, code: 'PROJECT_FORBIDDEN' });
    for (const call of [
      () => add(stranger.cookie, project.id, editor.user.username),
      () => projectGet(t, stranger.cookie, `/member/list?projectId=${project.id}`),
    ])
      expect(await call()).toMatchObject({ http: 404, code: 'PROJECT_NOT_FOUND' });
  });

  it('change roles and lose access the moment they are removed', async () => {
    const owner = await seedUser(t);
    const member = await seedUser(t);
    const project = await makeProject(t, owner.cookie);
    await add(owner.cookie, project.id, member.user.username, 'viewer');
    const viewId = project.views[0]!.id;
    const rename = () => projectPost(t, member.cookie, '/view/update', { id: viewId, name: 'Renamed' });
    expect((await rename()).code).toBe('PROJECT_FORBIDDEN');

    const changed = await projectPost<ProjectMember>(t, owner.cookie, '/member/role', {
      projectId: project.id,
      userId: member.user.id,
      role: 'editor',
    });
    expect(changed.data.role).toBe('editor');
    expect((await rename()).status).toBe(200);

    expect(
      (await projectPost(t, owner.cookie, '/member/remove', { projectId: project.id, userId: member.user.id })).data,
    ).toEqual({ ok: true });
    expect(await rename()).toMatchObject({ http: 404, code: 'VIEW_NOT_FOUND' });
    expect(await projectGet(t, member.cookie, `/get?id=${project.id}`)).toMatchObject({
      http: 404,
      code: 'PROJECT_NOT_FOUND',
    });
    for (const [url, body] of [
      ['/member/role', { projectId: project.id, userId: member.user.id, role: 'viewer' }],
      ['/member/remove', { projectId: project.id, userId: member.user.id }],
    ] as const)
      expect(await projectPost(t, owner.cookie, url, body)).toMatchObject({ http: 404, code: 'MEMBER_NOT_FOUND' });
  });

  it(`hold a project to ${PROJECT_LIMITS.membersPerProject} members`, async () => {
    const owner = await seedUser(t);
    const project = await makeProject(t, owner.cookie);
    const others = [];
    for (let i = 0; i < PROJECT_LIMITS.membersPerProject; i += 1) others.push((await seedUser(t)).user);
    await t.database.db
      .insert(projectMembers)
      .values(others.slice(0, -1).map((u) => ({ projectId: project.id, userId: u.id, role: 'viewer' as const })));
    expect((await add(owner.cookie, project.id, others.at(-1)!.username)).status).toBe(200);
    // A role change of a member already there still goes through at the cap.
    expect((await add(owner.cookie, project.id, others[0]!.username, 'commenter')).data.role).toBe('commenter');
    const over = await add(owner.cookie, project.id, (await seedUser(t)).user.username);
    expect([over.http, over.code, over.msg]).toEqual([
      400,
      'MEMBER_LIMIT',
      `A project can have at most ${PROJECT_LIMITS.membersPerProject} members`,
    ]);
  });

  it(`let an owner try at most ${MEMBER_ADDS_PER_HOUR} invitations an hour, so addresses cannot be probed quickly`, async () => {
    const owner = await seedUser(t);
    const project = await makeProject(t, owner.cookie);
    const answers = [];
    for (let i = 0; i <= MEMBER_ADDS_PER_HOUR; i += 1)
      answers.push(await add(owner.cookie, project.id, `probe${i}@example.com`));
    expect(answers.slice(0, -1).every((a) => a.code === 'MEMBER_USER_NOT_FOUND')).toBe(true);
    expect([answers.at(-1)!.http, answers.at(-1)!.code]).toEqual([429, 'RATE_LIMITED']);
  });
});

describe('the studio drafts kept in a project', () => {
  /** Saves a draft of the studio's text page in a project (or outside any) through the API. */
  async function saveDraft(cookie: string, projectId?: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/turing/design/draft/save',
      headers: { ...appHeaders(), cookie },
      payload: {
        mode: 'text',
        ...(projectId && { projectId }),
        data: { values: { prompt: 'a pavilion' } },
        baseRev: 0,
        editedAt: new Date().toISOString(),
      },
    });
    expect(res.json().status).toBe(200);
  }
  /** Whose drafts are kept under each scope, as "scope:user" pairs, sorted. */
  async function kept(scopes: string[]) {
    const rows = await t.database.db
      .select({ scope: studioDrafts.scope, userId: studioDrafts.userId })
      .from(studioDrafts)
      .where(inArray(studioDrafts.scope, scopes));
    return rows.map((r) => `${r.scope}:${r.userId}`).sort();
  }

  it('go with a member who is removed or leaves, and with everyone’s when the project is deleted', async () => {
    const owner = await seedUser(t);
    const [removed, leaver, stayer] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const project = await makeProject(t, owner.cookie, 'Harbour villa');
    const other = await makeProject(t, owner.cookie, 'Lake house');
    for (const who of [removed, leaver, stayer]) {
      await add(owner.cookie, project.id, who.user.username, 'editor');
      await add(owner.cookie, other.id, who.user.username, 'editor');
    }
    for (const who of [owner, removed, leaver, stayer]) {
      await saveDraft(who.cookie, project.id);
      await saveDraft(who.cookie, other.id);
    }
    await saveDraft(removed.cookie);

    await projectPost(t, owner.cookie, '/member/remove', { projectId: project.id, userId: removed.user.id });
    await projectPost(t, leaver.cookie, '/leave', { id: project.id });
    const pair = (scope: string, who: { user: { id: string } }) => `${scope}:${who.user.id}`;
    expect(await kept([project.id])).toEqual([pair(project.id, owner), pair(project.id, stayer)].sort());

    expect((await projectPost(t, owner.cookie, '/delete', { id: project.id })).status).toBe(200);
    expect(await kept([project.id])).toEqual([]);
    // Their drafts in the other project, and outside any, are theirs still.
    expect(await kept([other.id])).toHaveLength(4);
    expect(await kept(['none'])).toContain(pair('none', removed));
  });
});
