import { draftEndpoints, type StudioDraftData } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import type { StudioMode } from '../lib/studio-values.ts';

// Plain calls, not queries: a draft is read once when a studio page opens and written as the user
// works; nothing else on the page shows it, and a failure is quiet (the browser's copy stays).

export const getServerDraft = (mode: StudioMode, projectId?: string) =>
  call(draftEndpoints.draft, { query: { mode, ...(projectId && { projectId }) } });

export const saveServerDraft = (body: {
  mode: StudioMode;
  projectId?: string;
  data: Record<string, unknown>;
  baseRev: number;
  editedAt: string;
}) => call(draftEndpoints.draftSave, { body });

export type ServerDraft = StudioDraftData;
