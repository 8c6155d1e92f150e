import { describe, expect, it } from 'vitest';
import {
  adminConsoleEndpoints,
  adminDashboardEndpoints,
  adminUsersEndpoints,
  auditActionOf,
  billingAdminEndpoints,
  communityAdminEndpoints,
  contentAdminEndpoints,
  supportAdminEndpoints,
  systemAdminEndpoints,
  type AdminEndpoint,
} from '@turing/contract';
import en from '../../../locales/en/admin.json';
import zh from '../../../locales/zh/admin.json';

const groups: Record<string, AdminEndpoint>[] = [
  adminConsoleEndpoints,
  adminDashboardEndpoints,
  adminUsersEndpoints,
  billingAdminEndpoints,
  communityAdminEndpoints,
  contentAdminEndpoints,
  supportAdminEndpoints,
  systemAdminEndpoints,
];

describe('the audit log page', () => {
  it('names every audited action (each admin change) in both languages', () => {
    const actions = groups.flatMap((g) =>
      Object.values(g)
        .filter((e) => e.mutates)
        .map((e) => auditActionOf(e.path)),
    );
    expect(actions.length).toBeGreaterThan(20);
    for (const action of actions) {
      expect((en.actions as Record<string, string>)[action], action).toBeTruthy();
      expect((zh.actions as Record<string, string>)[action], action).toBeTruthy();
    }
  });
});
