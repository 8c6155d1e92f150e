import { endpoints } from './route.ts';

/** The operator's billing calls (admin token, like the support ones). */
export const billingAdminEndpoints = endpoints({
  grant: { method: 'POST', path: '/admin/credits/grant', auth: false, mutates: true },
});
