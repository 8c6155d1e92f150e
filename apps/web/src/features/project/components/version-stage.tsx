import type { ReactNode } from 'react';
import type { ProjectVersion } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { thumbSrcSet } from '../../../shared/ui/thumb-srcset.ts';
import { modeKey } from './mode-icon.tsx';

/**
 * The selected version, large, at its own aspect within the stage. `children` lay over the image
 * (comment pins), positioned against it.
 */
export function VersionStage({
  version,
  label,
  children,
}: {
  version: ProjectVersion;
  label: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('project');
  const mode = t(modeKey(version));
  const prompt = version.prompt?.trim();
  const alt = prompt ? t('stage.alt', { label, mode, prompt }) : t('stage.altShort', { label, mode });
  return (
    <figure className="vstage" data-testid="version-stage" data-id={version.imageId}>
      <div className="vstage__frame" style={{ aspectRatio: `${version.width} / ${version.height}` }}>
        <img
          key={version.imageId}
          className="vstage__img"
          src={version.url}
          srcSet={
            thumbSrcSet(version.thumbs) ? `${thumbSrcSet(version.thumbs)}, ${version.url} ${version.width}w` : undefined
          }
          sizes="(max-width: 900px) 100vw, 60vw"
          alt={alt}
          width={version.width}
          height={version.height}
          decoding="async"
          style={{ backgroundImage: `url("${version.thumbUrl}")` }}
        />
        {children}
      </div>
    </figure>
  );
}
