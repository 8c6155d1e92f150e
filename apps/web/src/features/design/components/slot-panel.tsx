import { Button, Typography } from 'antd';
import { HighlightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useExtractLineArt } from '../api/extract-line-art.ts';
import { ignoresReference } from '../lib/model-fit.ts';
import type { SlotImage, SlotName, StudioMode } from '../lib/studio-values.ts';
import { ImageSlot } from './image-slot.tsx';
import { useChosenModel } from './model-picker.tsx';

interface Props {
  mode: StudioMode;
  /** The chosen model: the reference slot says when it ignores a reference on this page. */
  model?: string;
  images: Partial<Record<SlotName, SlotImage>>;
  onImage(slot: SlotName, image: SlotImage | undefined): void;
  /** Reports each upload or extraction in flight, by slot, so Generate waits for them. */
  onBusyChange(key: string, busy: boolean): void;
}

/**
 * Next to the reference slot, when the chosen model does not use a reference on this page: with an
 * image there, Generate would be refused (remove it or pick another model); without one, a
 * project style's reference is not applied either.
 */
function ReferenceNote({ mode, model, hasImage }: { mode: StudioMode; model?: string; hasImage: boolean }) {
  const { t, i18n } = useTranslation('design');
  const chosen = useChosenModel(model ?? '');
  if (!chosen || !ignoresReference(chosen, mode)) return null;
  const values = { name: chosen.name[i18n.language === 'zh' ? 'zh' : 'en'], mode: t(`reference.mode.${mode}`) };
  return (
    <Typography.Text type="secondary" className="studio-field__note image-slot__note" data-testid="reference-ignored">
      {t(hasImage ? 'reference.ignoredWithImage' : 'reference.ignored', values)}
    </Typography.Text>
  );
}

/**
 * The task's images: the base image; on iterative rendering its reference, depth and line art; on
 * text to image a reference only (its look, not its layout), which Ctrl+V fills there.
 */
export function SlotPanel({ mode, model, images, onImage, onBusyChange }: Props) {
  const { t } = useTranslation('design');
  const extract = useExtractLineArt();
  const busyChange = (slot: SlotName) => (value: boolean) => onBusyChange(slot, value);
  const referenceNote = (hasImage: boolean) => <ReferenceNote mode={mode} model={model} hasImage={hasImage} />;

  const extractLineArt = () => {
    if (!images.base) return;
    onBusyChange('extract', true);
    extract.mutate(images.base.id, {
      onSuccess: (img) => onImage('lineArt', { id: img.id, url: img.url, width: img.width, height: img.height }),
      onSettled: () => onBusyChange('extract', false),
    });
  };

  if (mode === 'text') {
    // The prompt leads here: the reference is a small slot with what it does beside it.
    return (
      <div className="studio-slots reference-slot" data-tour="slots">
        <ImageSlot
          slot="reference"
          pasteTarget
          value={images.reference}
          onChange={(img) => onImage('reference', img)}
          onBusyChange={busyChange('reference')}
        />
        <div className="reference-slot__side">
          <Typography.Text type="secondary" className="image-slot__note">
            {t('reference.hint')}
          </Typography.Text>
          {referenceNote(Boolean(images.reference))}
        </div>
      </div>
    );
  }

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
          {referenceNote(Boolean(images.reference))}
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
