import { lazy, Suspense, useEffect } from 'react';
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SlotImage } from '../lib/studio-values.ts';
import { hasRegion } from './mask-editor/mask-geometry.ts';
import type { MaskShape } from './mask-editor/mask-types.ts';

// Konva is the largest library of the studio and only step editing draws: the editor is its own chunk.
const loadEditor = () => import('./mask-editor/mask-editor.tsx');
const MaskEditor = lazy(() => loadEditor().then((m) => ({ default: m.MaskEditor })));

/** What the studio's column leaves the canvas beside the toolbar, the hint and the film strip (studio-page.css). */
const CANVAS_HEIGHT = 'var(--studio-canvas-h, 560px)';

interface Props {
  base?: SlotImage;
  shapes: MaskShape[];
  onShapes(shapes: MaskShape[]): void;
}

/** Step editing: the region of the base image that may change. */
export function RegionArea({ base, shapes, onShapes }: Props) {
  const { t } = useTranslation('design');
  // Fetched while the user picks a base image, so the editor is there when the image is.
  useEffect(() => void loadEditor().catch(() => {}), []);
  return (
    <section className="studio-region" data-tour="region" aria-label={t('region.title')}>
      <h2 className="studio-main__title">{t('region.title')}</h2>
      {base ? (
        <>
          <Suspense
            fallback={
              // The editor's height with its toolbar and hint line, so nothing jumps when it arrives.
              <Skeleton.Node
                active
                className="studio-region__loading"
                style={{ width: '100%', height: `calc(${CANVAS_HEIGHT} + 72px)` }}
              />
            }
          >
            <MaskEditor
              key={base.url}
              imageUrl={base.url}
              imageWidth={base.width}
              imageHeight={base.height}
              value={shapes}
              onChange={onShapes}
              height={CANVAS_HEIGHT}
            />
          </Suspense>
          {!hasRegion(shapes, base) && (
            <div className="studio-region__hint" data-testid="region-hint">
              {t('errors:EDIT_REGION_REQUIRED')}
            </div>
          )}
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('region.needBase')} />
      )}
    </section>
  );
}
