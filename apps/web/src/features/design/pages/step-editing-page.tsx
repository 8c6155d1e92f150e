import { StudioPage } from '../components/studio-page.tsx';

export function StepEditingPage() {
  return <StudioPage mode="edit" />;
}
