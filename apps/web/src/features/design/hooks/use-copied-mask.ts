import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import type { MaskShape } from '../components/mask-editor/mask-types.ts';
import type { SlotImage } from '../lib/studio-values.ts';

/**
 * A copied step edit arrives with its mask: once the base image is in its slot, the mask is traced
 * into region shapes the user can keep, change or clear. A region already painted is left alone.
 * The tracer (and its contour library) loads only when a mask comes.
 */
export function useCopiedMask(
  mask: SlotImage | undefined,
  base: SlotImage | undefined,
  setShapes: (update: (shapes: MaskShape[]) => MaskShape[]) => void,
) {
  const { t } = useTranslation('design');
  const baseId = base?.id;
  useEffect(() => {
    if (!mask || !base) return;
    let current = true;
    import('../components/mask-editor/mask-from-image.ts')
      .then(({ loadMaskShapes }) => loadMaskShapes(mask.url, base.width, base.height))
      .then(
        (traced) => {
          if (current) setShapes((shapes) => (shapes.length ? shapes : traced));
        },
        () => {
          if (current) toast.warning(t('mask.copiedRegionError'));
        },
      );
    return () => {
      current = false;
    };
    // Once per copied base: a later base is the user's own choice and starts without a region.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mask, baseId]);
}
