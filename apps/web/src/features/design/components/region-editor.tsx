import { useRef, useState, type PointerEvent } from 'react';
import { Button } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/*
 * The step-editing page draws its region through this file. The full mask editor (brush,
 * rectangle, polygon) lives in ./mask-editor/ with the same API (<MaskEditor>, rasterizeMask,
 * hasRegion); once it is in place this file re-exports it. Until then, rectangles.
 */

/** A rectangle in the image's own pixels. */
export interface RegionRect {
  kind: 'rect';
  x: number;
  y: number;
  width: number;
  height: number;
}
export type RegionShapes = RegionRect[];

export interface RegionEditorProps {
  imageUrl: string;
  imageWidth: number;
  imageHeight: number;
  value: RegionShapes;
  onChange(shapes: RegionShapes): void;
}

export const hasRegion = (shapes: RegionShapes) => shapes.some((s) => s.width >= 1 && s.height >= 1);

/** The mask at the image's size: white where the picture may change, black elsewhere. */
export async function rasterizeMask(shapes: RegionShapes, width: number, height: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas unavailable');
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#fff';
  for (const s of shapes) ctx.fillRect(s.x, s.y, s.width, s.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('mask encoding failed'))), 'image/png'),
  );
}

type Point = { x: number; y: number };

export function RegionEditor({ imageUrl, imageWidth, imageHeight, value, onChange }: RegionEditorProps) {
  const { t } = useTranslation('design');
  const box = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<Point | null>(null);
  const [draft, setDraft] = useState<RegionRect | null>(null);

  const toImage = (e: PointerEvent): Point => {
    const r = box.current!.getBoundingClientRect();
    const clamp = (v: number, max: number) => Math.max(0, Math.min(max, v));
    return {
      x: clamp(((e.clientX - r.left) / r.width) * imageWidth, imageWidth),
      y: clamp(((e.clientY - r.top) / r.height) * imageHeight, imageHeight),
    };
  };
  const rect = (a: Point, b: Point): RegionRect => ({
    kind: 'rect',
    x: Math.round(Math.min(a.x, b.x)),
    y: Math.round(Math.min(a.y, b.y)),
    width: Math.round(Math.abs(a.x - b.x)),
    height: Math.round(Math.abs(a.y - b.y)),
  });
  const pct = (s: RegionRect) => ({
    left: `${(s.x / imageWidth) * 100}%`,
    top: `${(s.y / imageHeight) * 100}%`,
    width: `${(s.width / imageWidth) * 100}%`,
    height: `${(s.height / imageHeight) * 100}%`,
  });

  return (
    <div className="region-editor">
      <div className="region-editor__toolbar">
        <span>{t('region.rectHint')}</span>
        <Button size="small" icon={<ClearOutlined />} disabled={value.length === 0} onClick={() => onChange([])}>
          {t('region.clear')}
        </Button>
      </div>
      <div
        ref={box}
        className="region-editor__canvas"
        data-testid="region-canvas"
        style={{
          aspectRatio: `${imageWidth} / ${imageHeight}`,
          width: `min(100%, calc(56vh * ${imageWidth / imageHeight}))`,
        }}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          setStart(toImage(e));
        }}
        onPointerMove={(e) => start && setDraft(rect(start, toImage(e)))}
        onPointerUp={(e) => {
          if (start) {
            const r = rect(start, toImage(e));
            if (r.width >= 4 && r.height >= 4) onChange([...value, r]);
          }
          setStart(null);
          setDraft(null);
        }}
      >
        <img src={imageUrl} alt={t('region.imageAlt')} draggable={false} />
        {[...value, ...(draft ? [draft] : [])].map((s, i) => (
          <div key={i} className="region-editor__rect" style={pct(s)} />
        ))}
      </div>
    </div>
  );
}
