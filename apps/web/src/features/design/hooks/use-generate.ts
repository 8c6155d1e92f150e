import { useState } from 'react';
import type { InsufficientDetails, Task, TaskParamsInput } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '../../../shared/api/upload-image.ts';
import { ApiError } from '../../../shared/http/api-error.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { toastError } from '../../../shared/ui/toast-error.ts';
import { useSubmitTask } from '../api/submit-task.ts';
import { rememberPrompt } from '../lib/prompt-history.ts';

/**
 * Submits tasks and keeps the ids of the ones started on this page (newest first) for the stage.
 * Not enough cubes opens the purchase prompt (what is needed, what is left, what fits) instead of a toast.
 */
export function useGenerate(initialLive: string[] = []) {
  const { t } = useTranslation('design');
  const submit = useSubmitTask();
  const [live, setLive] = useState<string[]>(initialLive);
  const [purchase, setPurchase] = useState<{ open: boolean; message?: string; details?: InsufficientDetails }>({
    open: false,
  });
  const [masking, setMasking] = useState(false);

  const run = (body: TaskParamsInput) =>
    new Promise<Task | null>((resolve) =>
      submit.mutate(body, {
        onSuccess(task) {
          setLive((list) => [task.id, ...list.filter((id) => id !== task.id)]);
          if (body.prompt) rememberPrompt(body.prompt);
          resolve(task);
        },
        onError(err) {
          if (err instanceof ApiError && err.code === 'INSUFFICIENT_BALANCE') {
            const details = (err.body as { details?: InsufficientDetails } | null)?.details;
            setPurchase({ open: true, message: err.message, details });
          } else toastError(err);
          resolve(null);
        },
      }),
    );

  /** Step editing: the region becomes a mask upload first. */
  const runWithMask = async (makeMask: () => Promise<Blob>, body: TaskParamsInput) => {
    setMasking(true);
    let maskImageId: string;
    try {
      const blob = await makeMask();
      maskImageId = (await uploadImage(new File([blob], 'mask.png', { type: 'image/png' }), 'mask')).id;
    } catch (err) {
      toast.error(err instanceof ApiError && err.code ? err.message : t('region.maskFailed'));
      return null;
    } finally {
      setMasking(false);
    }
    return run({ ...body, maskImageId });
  };

  return {
    run,
    runWithMask,
    live,
    pending: submit.isPending || masking,
    purchase,
    openPurchase: () => setPurchase({ open: true }),
    closePurchase: () => setPurchase({ open: false }),
    /** "New": the page forgets the tasks it started (they stay in the history). */
    reset: () => setLive([]),
  };
}
