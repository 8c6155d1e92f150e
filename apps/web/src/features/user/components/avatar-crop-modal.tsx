import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Modal, Slider } from 'antd';
import { ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { cropRect, initialView, MAX_ZOOM, moveBy, scaleOf, zoomTo, type CropView } from '../lib/crop.ts';
import './avatar-crop-modal.css';

const FRAME = 280;
/** The avatar's side in pixels: crisp on a 2× screen at the largest size it is shown. */
const OUTPUT = 512;
const KEY_STEP = 10;

export interface PickedImage {
  file: File;
  /** An object URL of the file, made and revoked by the caller. */
  url: string;
}

interface Props {
  /** The picked image; null closes the dialog. */
  picked: PickedImage | null;
  busy: boolean;
  onCancel(): void;
  onCropped(file: File): void;
}

/** Draws the chosen square of the image at OUTPUT px, as the same kind of file it came as. */
async function cropToFile(img: HTMLImageElement, view: CropView, source: File): Promise<File> {
  const { x, y, side } = cropRect(view);
  const size = Math.min(OUTPUT, Math.round(side));
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, x, y, side, side, 0, 0, size, size);
  const png = source.type === 'image/png' || /\.png$/i.test(source.name);
  const type = png ? 'image/png' : 'image/jpeg';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.92));
  if (!blob) throw new Error('no image');
  return new File([blob], png ? 'avatar.png' : 'avatar.jpg', { type });
}

/**
 * The crop step before an avatar is uploaded: a square frame over the picture, dragged (pointer or
 * arrow keys) and zoomed (slider, wheel, + and -); the square under the frame becomes the avatar.
 */
export function AvatarCropModal({ picked, busy, onCancel, onCropped }: Props) {
  const { t } = useTranslation('user');
  // The view belongs to one picture: another picked file starts again from its own.
  const [state, setState] = useState<{ url: string; view: CropView } | null>(null);
  const url = picked?.url ?? null;
  const file = picked?.file ?? null;
  const view = state && state.url === url ? state.view : null;
  const setView = (next: CropView) => url && setState({ url, view: next });
  const img = useRef<HTMLImageElement>(null);
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId || !view) return;
    drag.current = { ...d, x: e.clientX, y: e.clientY };
    setView(moveBy(view, e.clientX - d.x, e.clientY - d.y));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!view) return;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [KEY_STEP, 0],
      ArrowRight: [-KEY_STEP, 0],
      ArrowUp: [0, KEY_STEP],
      ArrowDown: [0, -KEY_STEP],
    };
    const move = moves[e.key];
    if (move) setView(moveBy(view, ...move));
    else if (e.key === '+' || e.key === '=') setView(zoomTo(view, view.zoom + 0.1));
    else if (e.key === '-') setView(zoomTo(view, view.zoom - 0.1));
    else return;
    e.preventDefault();
  };

  const save = async () => {
    if (!img.current || !view || !file) return;
    onCropped(await cropToFile(img.current, view, file));
  };

  const s = view ? scaleOf(view) : 0;
  return (
    <Modal
      open={Boolean(picked)}
      title={t('crop.title')}
      okText={t('crop.save')}
      cancelText={t('crop.cancel')}
      onOk={() => void save()}
      onCancel={onCancel}
      okButtonProps={{ loading: busy, disabled: !view }}
      width={FRAME + 48 + 48}
      destroyOnHidden
      data-testid="avatar-crop"
    >
      <p className="avatar-crop__hint">{t('crop.hint')}</p>
      <div
        className="avatar-crop__frame"
        style={{ width: FRAME, height: FRAME }}
        role="application"
        tabIndex={0}
        aria-label={t('crop.area')}
        aria-describedby="avatar-crop-keys"
        data-testid="avatar-crop-frame"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        onWheel={(e) => view && setView(zoomTo(view, view.zoom - e.deltaY / 500))}
      >
        {url && (
          <img
            ref={img}
            src={url}
            alt=""
            draggable={false}
            className="avatar-crop__img"
            onLoad={(e) => setView(initialView(e.currentTarget.naturalWidth, e.currentTarget.naturalHeight, FRAME))}
            style={
              view
                ? { width: view.width * s, height: view.height * s, transform: `translate(${view.x}px, ${view.y}px)` }
                : { visibility: 'hidden' }
            }
          />
        )}
        <span className="avatar-crop__circle" aria-hidden />
      </div>
      <span id="avatar-crop-keys" className="avatar-crop__sr">
        {t('crop.keys')}
      </span>
      <div className="avatar-crop__zoom">
        <ZoomOutOutlined aria-hidden />
        <Slider
          min={1}
          max={MAX_ZOOM}
          step={0.01}
          value={view?.zoom ?? 1}
          disabled={!view}
          onChange={(zoom: number) => view && setView(zoomTo(view, zoom))}
          tooltip={{ open: false }}
          ariaLabelForHandle={t('crop.zoom')}
          data-testid="avatar-crop-zoom"
        />
        <ZoomInOutlined aria-hidden />
      </div>
    </Modal>
  );
}
