import { StudioDraftGate } from '../components/studio-draft-gate.tsx';

export function StepEditingPage() {
  return <StudioDraftGate mode="edit" />;
}
