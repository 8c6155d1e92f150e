import { StudioDraftGate } from '../components/studio-draft-gate.tsx';

export function IterationRenderingPage() {
  return <StudioDraftGate mode="iterate" />;
}
