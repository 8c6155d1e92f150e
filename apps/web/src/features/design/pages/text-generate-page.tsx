import { StudioPage } from '../components/studio-page.tsx';

export function TextGeneratePage() {
  return <StudioPage mode="text" />;
}
