import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { WorkDetail } from '@turing/contract';
import { encodeParams } from '../../../shared/routes/params-link.ts';
import { useLoginStore } from '../../../shared/session/login-store.ts';
import { copiedImages, copyWork } from '../../../shared/api/copy-work.ts';
import { toastFailure } from '../lib/failure.ts';
import { studioPath } from '../lib/studio-path.ts';

/**
 * "Copy parameters": opens the studio page of the work's mode, prefilled, with copies of the work's
 * images in their slots (and a step edit's region in the region editor). A visitor goes there by a link carrying what the page shows (prompt and
 * settings); the studio's login guard sends them through login and back, and the studio reads the link.
 */
export function useCopyParams(work: WorkDetail) {
  const { t } = useTranslation('community');
  const navigate = useNavigate();
  const loggedIn = useLoginStore((s) => s.loginState);
  const [pending, setPending] = useState(false);

  const run = async () => {
    if (!loggedIn) {
      const params: Record<string, unknown> = { ...work.settings, prompt: work.prompt ?? '', basedOnId: work.id };
      void navigate(`${studioPath(params.mode)}?params=${encodeParams(params)}`);
      return;
    }
    setPending(true);
    try {
      const { params, basedOnId, images } = await copyWork(work.id);
      // The copies are the user's own uploads now, so the studio shows them in their slots.
      const { slots, mask } = copiedImages(images);
      void navigate(studioPath(params.mode), { state: { params: { ...params, basedOnId }, images: slots, mask } });
    } catch (err) {
      toastFailure(t, 'copyParams', err);
    } finally {
      setPending(false);
    }
  };
  return { run, pending };
}
