import { useStudioProject } from '../../../shared/studio/studio-project.ts';
import { StudioDraftGate } from '../components/studio-draft-gate.tsx';

export function StepEditingPage() {
  // The page's draft is the chosen project's: choosing another opens that project's draft.
  return <StudioDraftGate mode="edit" projectId={useStudioProject()?.projectId} />;
}
