import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../shared/ui/toast.ts';
import type { MaskShape } from './mask-types.ts';
import { createWandEngine, type WandEngine } from './wand-engine.ts';
import type { WandRequest } from './wand-select.ts';

export interface MagicWandOptions {
  /** The loaded base image, null while it loads. */
  image: HTMLImageElement | null;
  imageWidth: number;
  imageHeight: number;
  /** Receives each selection as one new shape: one click, one step of the undo history. */
  onShape: (shape: MaskShape) => void;
}

/**
 * Clicks of the magic wand and of "select by line art". The engine (and its worker) starts on the first
 * click, so an editor that never uses the wand never reads the image's pixels, and stops with the
 * editor or when the image changes. One selection runs at a time: a click while one is running is
 * ignored, so each result lands on the mask as it is when it arrives, in the order of the clicks.
 */
export function useMagicWand({ image, imageWidth, imageHeight, onShape }: MagicWandOptions) {
  const { t } = useTranslation('design');
  const engine = useRef<{ image: HTMLImageElement; wand: WandEngine } | null>(null);
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  // The result arrives after the click's render: it goes to the history as it is then, not as it was.
  const latestOnShape = useRef(onShape);
  useEffect(() => {
    latestOnShape.current = onShape;
  });

  useEffect(
    () => () => {
      engine.current?.wand.dispose();
      engine.current = null;
    },
    [image],
  );

  const select = useCallback(
    (request: WandRequest) => {
      if (!image || running.current) return;
      if (request.x < 0 || request.y < 0 || request.x >= imageWidth || request.y >= imageHeight) return;
      if (engine.current?.image !== image) {
        engine.current?.wand.dispose();
        engine.current = { image, wand: createWandEngine(image, imageWidth, imageHeight) };
      }
      const current = engine.current;
      running.current = true;
      setBusy(true);
      current.wand
        .select(request)
        .then(
          (shape) => {
            if (engine.current !== current) return;
            if (shape) latestOnShape.current(shape);
            else toast.info(t('wand.nothing'));
          },
          () => {
            if (engine.current === current) toast.error(t('wand.error'));
          },
        )
        .finally(() => {
          running.current = false;
          setBusy(false);
        });
    },
    [image, imageWidth, imageHeight, t],
  );

  return { select, busy };
}
