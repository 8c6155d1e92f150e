import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Segmented } from 'antd';
import { ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import type { TaskResult } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useZoomPan } from './use-zoom-pan.ts';
import './full-viewer.css';

interface Props {
  result: TaskResult;
  alt: string;
  /** The image the task started from, when there is one to compare with. */
  base: { url: string; thumbUrl: string } | null;
  /** Whether the result is shown over its base (the stage's compare view). */
  compare: boolean;
  onCompare(compare: boolean): void;
  /** The buttons to the previous and next result, beside the image. */
  prev?: ReactNode;
  next?: ReactNode;
}

/**
 * The full-screen view of a result: the whole image at first, then zoomed up to its actual pixels
 * and beyond (wheel around the cursor, + − 0 1, the buttons) and moved by dragging or with the
 * arrow keys. Compared with its base, both images zoom and move together and the split stays where
 * it is on the screen, moved with its slider.
 */
export function FullViewer({ result, alt, base, compare, onCompare, prev, next }: Props) {
  const { t } = useTranslation('design');
  const hint = useId();
  const [split, setSplit] = useState(50);
  const { viewport, pointer, ...z } = useZoomPan({ width: result.width, height: result.height }, result.id);
  const comparing = compare && base !== null;
  const place: CSSProperties = {
    width: result.width,
    height: result.height,
    transform: `translate(calc(-50% + ${z.view.x}px), calc(-50% + ${z.view.y}px)) scale(${z.view.scale})`,
  };
  // Enlarged past its actual pixels, an image shows them as squares: what one zooms in to inspect.
  const crisp = z.percent > 200 ? ' zoom__img--pixels' : '';
  return (
    <div className="stage-full__body" data-testid="stage-fullscreen">
      <div className="zoom__bar" role="toolbar" aria-label={t('stage2.zoomTools')}>
        {base && (
          <Segmented
            size="small"
            value={comparing ? 'compare' : 'result'}
            onChange={(v) => onCompare(v === 'compare')}
            options={[
              { value: 'result', label: t('stage.viewResult') },
              { value: 'compare', label: t('stage.viewCompare') },
            ]}
            aria-label={t('stage.view')}
          />
        )}
        <span className="zoom__controls">
          <Button
            size="small"
            icon={<ZoomOutOutlined />}
            aria-label={t('stage2.zoomOut')}
            title={t('stage2.zoomOutKey')}
            disabled={!z.canZoomOut}
            onClick={z.zoomOut}
          />
          <output className="zoom__level" aria-live="polite" data-testid="zoom-level">
            <span className="zoom__sr">{t('stage2.zoomLevel')} </span>
            {z.percent} %
          </output>
          <Button
            size="small"
            icon={<ZoomInOutlined />}
            aria-label={t('stage2.zoomIn')}
            title={t('stage2.zoomInKey')}
            disabled={!z.canZoomIn}
            onClick={z.zoomIn}
          />
          <Button size="small" aria-pressed={z.fitted} title={t('stage2.fitKey')} onClick={z.fit}>
            {t('stage2.fit')}
          </Button>
          <Button size="small" aria-pressed={z.atActual} title={t('stage2.actualKey')} onClick={z.actualSize}>
            {t('stage2.actual')}
          </Button>
        </span>
        {comparing && (
          <input
            className="zoom__split"
            type="range"
            min={0}
            max={100}
            value={split}
            aria-label={t('viewer.compare')}
            aria-valuetext={`${split}%`}
            onChange={(e) => setSplit(Number(e.target.value))}
          />
        )}
        <span className="zoom__hint" id={hint}>
          {t('stage2.zoomHint')}
        </span>
      </div>
      <div className="zoom__frame">
        {prev}
        <div
          ref={viewport}
          className={`zoom__viewport${z.pannable ? ' zoom__viewport--pannable' : ''}`}
          tabIndex={0}
          role="group"
          aria-label={t('stage2.viewer')}
          aria-describedby={hint}
          {...pointer}
        >
          <img className={`zoom__img${crisp}`} src={result.url} alt={alt} style={place} draggable={false} />
          {comparing && (
            <>
              <div className="zoom__before" style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}>
                <img
                  className={`zoom__img zoom__img--before${crisp}`}
                  src={base.url}
                  alt={t('viewer.before')}
                  style={{ ...place, backgroundImage: `url("${base.thumbUrl}")` }}
                  draggable={false}
                />
              </div>
              <div className="zoom__line" style={{ left: `${split}%` }} aria-hidden />
              <span className="zoom__tag zoom__tag--left" aria-hidden>
                {t('viewer.before')}
              </span>
              <span className="zoom__tag zoom__tag--right" aria-hidden>
                {t('viewer.after')}
              </span>
            </>
          )}
        </div>
        {next}
      </div>
    </div>
  );
}
