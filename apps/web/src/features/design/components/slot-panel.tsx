import { Button } from 'antd';
import { HighlightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useExtractLineArt } from '../api/extract-line-art.ts';
import type { SlotImage, SlotName, StudioMode } from '../lib/studio-values.ts';
import { ImageSlot } from './image-slot.tsx';

interface Props {
  mode: StudioMode;
  images: Partial<Record<SlotName, SlotImage>>;
  onImage(slot: SlotName, image: SlotImage | undefined): void;
  /** Reports each upload or extraction in flight, by slot, so Generate waits for them. */
  onBusyChange(key: string, busy: boolean): void;
}

/** The task's images: the base image, and on iterative rendering its reference, depth and line art. */
export function SlotPanel({ mode, images, onImage, onBusyChange }: Props) {
  const { t } = useTranslation('design');
  const extract = useExtractLineArt();
  const busyChange = (slot: SlotName) => (value: boolean) => onBusyChange(slot, value);

  const extractLineArt = () => {
    if (!images.base) return;
    onBusyChange('extract', true);
    extract.mutate(images.base.id, {
      onSuccess: (img) => onImage('lineArt', { id: img.id, url: img.url, width: img.width, height: img.height }),
      onSettled: () => onBusyChange('extract', false),
    });
  };

  return (
    <div className="studio-slots" data-tour="slots">
      <ImageSlot
        slot="base"
        size="large"
        pasteTarget
        value={images.base}
        onChange={(img) => onImage('base', img)}
        onBusyChange={busyChange('base')}
      />
      {mode === 'iterate' && (
        <>
          <div className="studio-slots__row">
            {(['reference', 'depth', 'lineArt'] as const).map((slot) => (
              <ImageSlot
                key={slot}
                slot={slot}
                value={images[slot]}
                onChange={(img) => onImage(slot, img)}
                onBusyChange={busyChange(slot)}
              />
            ))}
          </div>
          <Button
            block
            icon={<HighlightOutlined />}
            disabled={!images.base}
            loading={extract.isPending}
            onClick={extractLineArt}
          >
            {t('slot.extractLineArt')}
          </Button>
        </>
      )}
    </div>
  );
}
