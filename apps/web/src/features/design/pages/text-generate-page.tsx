import { useStudioProject } from '../../../shared/studio/studio-project.ts';
import { StudioDraftGate } from '../components/studio-draft-gate.tsx';

export function TextGeneratePage() {
  // The page's draft is the chosen project's: choosing another opens that project's draft.
  return <StudioDraftGate mode="text" projectId={useStudioProject()?.projectId} />;
}
