import { useCallback, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { decodeParams } from '../../../shared/routes/params-link.ts';
import {
  DEFAULT_VALUES,
  fromTaskParams,
  type SlotImage,
  type SlotName,
  type StudioValues,
} from '../lib/studio-values.ts';

/** What another page or action hands to a studio page through router state. */
export interface StudioHandoff {
  params?: Record<string, unknown>;
  base?: SlotImage;
  /** Images for the slots (a copied community work's, copied into the user's uploads). */
  images?: Partial<Record<SlotName, SlotImage>>;
}

/**
 * The studio form's state. It starts from copied parameters when they arrive (router state, or
 * `?params=` base64url JSON for a shared link) and from a handed-over base image.
 */
export function useStudioForm() {
  const [search] = useSearchParams();
  const handoff = (useLocation().state ?? null) as StudioHandoff | null;
  const [values, setValues] = useState<StudioValues>(() => {
    const copied = handoff?.params ?? decodeParams(search.get('params'));
    const start = copied ? fromTaskParams(copied) : DEFAULT_VALUES;
    const images = { ...handoff?.images, ...(handoff?.base && { base: handoff.base }) };
    return Object.keys(images).length ? { ...start, images } : start;
  });

  const patch = useCallback((p: Partial<StudioValues>) => setValues((v) => ({ ...v, ...p })), []);
  const setImage = useCallback(
    (slot: SlotName, image: SlotImage | undefined) =>
      setValues((v) => ({ ...v, images: { ...v.images, [slot]: image } })),
    [],
  );
  /** Copied parameters replace the form; the images in the slots stay. */
  const prefill = useCallback(
    (params: Record<string, unknown>) => setValues((v) => ({ ...fromTaskParams(params), images: v.images })),
    [],
  );
  return { values, patch, setImage, prefill };
}
