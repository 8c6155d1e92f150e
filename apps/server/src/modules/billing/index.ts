export { createBillingModule } from './billing.module.ts';
export type { InvitationService } from './invitation.service.ts';
export type { LedgerService } from './ledger.service.ts';
