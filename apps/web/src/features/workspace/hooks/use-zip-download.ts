import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/ui/toast-error.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { downloadZip } from '../api/download-zip.ts';

export type ZipState =
  | { phase: 'idle' }
  /** Asked for, no byte yet: the server is checking the images. */
  | { phase: 'preparing' }
  | { phase: 'downloading'; percent: number | null };

/** Hands a finished download to the browser as a file. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken its copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloading a selection as one ZIP with its real progress: the server sends the ZIP's exact
 * size first, so the percentage is of bytes received, not a guess.
 */
export function useZipDownload() {
  const { t } = useTranslation('workspace');
  const [state, setState] = useState<ZipState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);

  const start = async (ids: string[]) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'preparing' });
    try {
      const { blob, name } = await downloadZip(
        ids,
        ({ received, total }) =>
          setState({
            phase: 'downloading',
            percent: total ? Math.min(100, Math.floor((received / total) * 100)) : null,
          }),
        controller.signal,
      );
      save(blob, name);
      toast.success(t('zip.done', { count: ids.length }));
    } catch (err) {
      if (!controller.signal.aborted) toastError(err);
    } finally {
      if (abort.current === controller) {
        abort.current = null;
        setState({ phase: 'idle' });
      }
    }
  };

  const cancel = () => {
    abort.current?.abort();
    abort.current = null;
    setState({ phase: 'idle' });
  };

  return { state, start, cancel };
}
