import { StudioPage } from '../components/studio-page.tsx';

export function IterationRenderingPage() {
  return <StudioPage mode="iterate" />;
}
