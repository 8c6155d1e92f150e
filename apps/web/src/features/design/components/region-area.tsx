import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SlotImage } from '../lib/studio-values.ts';
import { hasRegion, RegionEditor, type RegionShapes } from './region-editor.tsx';

interface Props {
  base?: SlotImage;
  shapes: RegionShapes;
  onShapes(shapes: RegionShapes): void;
}

/** Step editing: the region of the base image that may change. */
export function RegionArea({ base, shapes, onShapes }: Props) {
  const { t } = useTranslation('design');
  return (
    <section className="studio-region" data-tour="region" aria-label={t('region.title')}>
      <h2 className="studio-main__title">{t('region.title')}</h2>
      {base ? (
        <>
          <RegionEditor
            imageUrl={base.url}
            imageWidth={base.width}
            imageHeight={base.height}
            value={shapes}
            onChange={onShapes}
          />
          {!hasRegion(shapes) && <div className="studio-region__hint">{t('errors:EDIT_REGION_REQUIRED')}</div>}
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('region.needBase')} />
      )}
    </section>
  );
}
