import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { copiedImages, copyWork } from '../../../shared/api/copy-work.ts';
import { decodeParams } from '../../../shared/routes/params-link.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { getImageLinks } from '../api/image-links.ts';
import type { StudioDraft } from '../lib/studio-draft.ts';
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
  /** A copied step edit's mask (white = the region it changed), for the region editor. */
  mask?: SlotImage;
}

/**
 * The studio form's state. It starts from copied parameters when they arrive (router state, or
 * `?params=` base64url JSON for a shared link) and from a handed-over base image; otherwise from the
 * page's saved draft. A handoff is applied once: it is dropped from the history entry so a reload
 * shows the draft it became, not the handoff again. A link made from a community work (a visitor's
 * "copy parameters", which went through login first) fetches that work's images once here.
 */
export function useStudioForm(draft: StudioDraft | null = null) {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const handoff = (location.state ?? null) as StudioHandoff | null;
  const copied = handoff?.params ?? decodeParams(search.get('params'));
  const handed = Boolean(copied || handoff?.base);
  // Read once: the handoff leaves the history entry after the first render.
  const [copiedMask] = useState(() => handoff?.mask);
  // A link naming a community work: its images are copied first, then handed over like a copy made
  // on the work's page (below).
  const [linked] = useState(() => {
    const basedOnId = handoff ? undefined : copied?.basedOnId;
    return typeof basedOnId === 'string' && copied ? { id: basedOnId, params: copied } : undefined;
  });
  const [values, setValues] = useState<StudioValues>(() => {
    const start = copied ? fromTaskParams(copied) : (draft?.values ?? DEFAULT_VALUES);
    const images = { ...handoff?.images, ...(handoff?.base && { base: handoff.base }) };
    return Object.keys(images).length ? { ...start, images } : start;
  });

  // A restored draft's images carry signed links that expire within hours, and an upload no task
  // used is removed after a day: fresh links replace the old ones, and a removed image leaves its slot.
  const [restored] = useState(() => (handed ? [] : Object.values(draft?.values.images ?? {}).map((img) => img.id)));
  useEffect(() => {
    if (restored.length === 0) return;
    let current = true;
    getImageLinks(restored).then(
      ({ items }) => {
        if (!current) return;
        const fresh = new Map(items.map((item) => [item.id, item.url]));
        setValues((v) => {
          const images: StudioValues['images'] = {};
          for (const [slot, img] of Object.entries(v.images) as [SlotName, SlotImage | undefined][]) {
            if (!img) continue;
            const url = fresh.get(img.id);
            if (url) images[slot] = { ...img, url };
            else if (!restored.includes(img.id)) images[slot] = img;
          }
          return { ...v, images };
        });
      },
      // Unreachable for now: the stored links stay, and generating still tells if an image is gone.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [restored]);

  const { t } = useTranslation('design');
  // The page's address without `?params`: a handoff applied, a reload shows the draft it became.
  const rest = new URLSearchParams(search);
  rest.delete('params');
  const query = rest.toString();
  const settled = { pathname: location.pathname, search: query ? `?${query}` : '' };

  useEffect(() => {
    if (!linked) return;
    let current = true;
    // Leaving `?params` remounts the page, so the copy's images travel in the history entry's state,
    // the way "copy parameters" hands them over from the work's page.
    const handOver = (state: StudioHandoff) => void navigate(settled, { replace: true, state });
    copyWork(linked.id).then(
      ({ images }) => {
        if (!current) return;
        const { slots, mask } = copiedImages(images);
        handOver({ params: linked.params, images: slots, mask });
      },
      () => {
        if (!current) return;
        toast.warning(t('basedOn.imagesError'));
        handOver({ params: linked.params });
      },
    );
    return () => {
      current = false;
    };
    // Once per link: the navigation it ends with is the only change it waits for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linked]);

  useEffect(() => {
    // A linked work's copy settles the address itself, with its images.
    if (!handed || linked) return;
    void navigate(settled, { replace: true, state: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handed, linked, navigate, settled.pathname, settled.search]);

  const patch = useCallback((p: Partial<StudioValues>) => setValues((v) => ({ ...v, ...p })), []);
  const setImage = useCallback(
    (slot: SlotName, image: SlotImage | undefined) =>
      setValues((v) => ({ ...v, images: { ...v.images, [slot]: image } })),
    [],
  );
  /**
   * Copied parameters replace the form; the images in the slots stay, and so does a kept seed:
   * "Keep seed" holds it across tasks, whatever they are made with.
   */
  const prefill = useCallback(
    (params: Record<string, unknown>) =>
      setValues((v) => ({
        ...fromTaskParams(params),
        images: v.images,
        ...(v.keepSeed && { keepSeed: true, seed: v.seed }),
      })),
    [],
  );
  /** "New": the form back to its defaults. */
  const reset = useCallback(() => setValues(DEFAULT_VALUES), []);
  return { values, patch, setImage, prefill, reset, handed, copiedMask };
}
