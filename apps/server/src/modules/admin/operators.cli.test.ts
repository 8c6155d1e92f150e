import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../../../test-support/admin-cli.ts';
import { registerUser, type TestApp, buildTestApp } from '../../../test-support/test-app.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp();
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

describe('npm run admin -- operator:*', () => {
  it('makes the first owner by e-mail, lists operators, and refuses to remove the last owner', async () => {
    const user = await registerUser(t, { email: 'first-owner@example.com' });
    const granted = await runAdminCli(t, url, 'operator:grant', 'first-owner@example.com', 'owner');
    expect(granted.code).toBe(0);
    expect(granted.stdout).toContain(`${user.profile.username} is now an operator (owner)`);
    const list = await runAdminCli(t, url, 'operator:list');
    expect(list.stdout).toMatch(new RegExp(`${user.profile.username}\\s+owner\\s+no`));
    const revoke = await runAdminCli(t, url, 'operator:revoke', user.profile.username);
    expect(revoke.code).toBe(1);
    expect(revoke.stderr).toContain('at least one owner');
    const audit = (await runAdminCli(t, url, 'operator:list')).stdout;
    expect(audit).toContain(user.profile.username);
  });

  it('says what is wrong with the arguments', async () => {
    const noRole = await runAdminCli(t, url, 'operator:grant', 'someone');
    expect(noRole.code).toBe(2);
    expect(noRole.stderr).toContain('owner, finance, moderator, support');
    const nobody = await runAdminCli(t, url, 'operator:grant', 'nobody-here', 'support');
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('No account matches');
  });
});
