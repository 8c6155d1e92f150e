import { useRef, useState } from 'react';
import { APP_HEADER, BOARD_EXPORT_PATH, LIMITS, type BoardExportBody } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { ApiError } from '../../../shared/http/api-error.ts';
import { httpErrorMessage, networkErrorMessage } from '../../../shared/http/catalogue.ts';
import { dispositionName } from '../lib/save-file.ts';

const FILE_TYPES = ['application/pdf', 'image/png', 'application/zip'];

/**
 * Asks the server for a board and reads it as it is drawn, reporting the bytes received (the size is
 * not known in advance: the server streams the file as it renders it). Refusals come before the
 * first byte, as envelopes with a message in the user's language.
 */
async function exportBoard(body: BoardExportBody, onProgress: (received: number) => void, signal?: AbortSignal) {
  const t = i18n.t.bind(i18n);
  let res: Response;
  try {
    res = await fetch(`${LIMITS.apiBase}${BOARD_EXPORT_PATH}`, {
      method: 'POST',
      headers: {
        [APP_HEADER.name]: APP_HEADER.value,
        'accept-language': i18n.language || 'en',
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(networkErrorMessage(t), { status: 0 });
  }
  const type = res.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
  if (!res.ok || !FILE_TYPES.includes(type)) {
    const payload = (await res.json().catch(() => null)) as { msg?: string; status?: number; code?: string } | null;
    if (payload?.msg) throw new ApiError(payload.msg, { status: payload.status ?? res.status, code: payload.code });
    throw new ApiError(httpErrorMessage(res.status, t), { status: res.status });
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(received);
  }
  const name = dispositionName(res.headers.get('content-disposition'), `board.${type.split('/')[1]}`);
  return { blob: new Blob(chunks, { type }), name };
}

export type BoardExportState =
  | { phase: 'idle' }
  /** Asked for, no byte yet: the server is checking the images and drawing the first of them. */
  | { phase: 'drawing' }
  | { phase: 'downloading'; received: number };

/** One board export at a time, with its progress, its result and a way to cancel it. */
export function useExportBoard() {
  const [state, setState] = useState<BoardExportState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);

  /** Resolves with the file, or null when cancelled; rejects with the error to show. */
  const start = async (body: BoardExportBody) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'drawing' });
    try {
      return await exportBoard(body, (received) => setState({ phase: 'downloading', received }), controller.signal);
    } catch (err) {
      if (controller.signal.aborted) return null;
      throw err;
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
