import { StudioDraftGate } from '../components/studio-draft-gate.tsx';

export function TextGeneratePage() {
  return <StudioDraftGate mode="text" />;
}
