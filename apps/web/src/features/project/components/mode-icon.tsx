import { EditOutlined, ExpandOutlined, FontSizeOutlined, PictureOutlined, SyncOutlined } from '@ant-design/icons';
import type { ProjectVersion } from '@turing/contract';

/** How a version was made, as an icon: a base image, text to image, iterate, edit or upscale. */
export function ModeIcon({ version }: { version: Pick<ProjectVersion, 'kind' | 'mode'> }) {
  if (version.kind === 'base' || !version.mode) return <PictureOutlined aria-hidden />;
  switch (version.mode) {
    case 'text':
      return <FontSizeOutlined aria-hidden />;
    case 'iterate':
      return <SyncOutlined aria-hidden />;
    case 'edit':
      return <EditOutlined aria-hidden />;
    case 'upscale':
      return <ExpandOutlined aria-hidden />;
  }
}

/** The key of a version's kind in project.json (`mode.base`, `mode.iterate`…). */
export const modeKey = (version: Pick<ProjectVersion, 'kind' | 'mode'>) =>
  `mode.${version.kind === 'base' || !version.mode ? 'base' : version.mode}`;
