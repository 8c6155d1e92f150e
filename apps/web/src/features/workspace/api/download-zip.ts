import { APP_HEADER, IMAGE_ZIP_PATH, LIMITS } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { ApiError } from '../../../shared/http/api-error.ts';
import { httpErrorMessage, networkErrorMessage } from '../../../shared/http/catalogue.ts';

export interface ZipProgress {
  received: number;
  /** The ZIP's size, known before the first byte (the server stores images uncompressed). */
  total: number | null;
}

/** The file name in a Content-Disposition header, preferring the exact UTF-8 one. */
export function dispositionName(header: string | null, fallback: string) {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      // A malformed encoding falls back to the plain name.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/**
 * Fetches the chosen images as one ZIP, reporting each chunk as it arrives. The server checks
 * everything before its first byte, so a refusal is an envelope with a message ready to show.
 */
export async function downloadZip(ids: string[], onProgress: (p: ZipProgress) => void, signal?: AbortSignal) {
  const t = i18n.t.bind(i18n);
  let res: Response;
  try {
    res = await fetch(`${LIMITS.apiBase}${IMAGE_ZIP_PATH}`, {
      method: 'POST',
      headers: {
        [APP_HEADER.name]: APP_HEADER.value,
        'accept-language': i18n.language || 'en',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ ids }),
      credentials: 'same-origin',
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(networkErrorMessage(t), { status: 0 });
  }
  if (!res.ok || !res.headers.get('content-type')?.startsWith('application/zip')) {
    const payload = (await res.json().catch(() => null)) as { msg?: string; status?: number; code?: string } | null;
    if (payload?.msg) throw new ApiError(payload.msg, { status: payload.status ?? res.status, code: payload.code });
    throw new ApiError(httpErrorMessage(res.status, t), { status: res.status });
  }
  const total = Number(res.headers.get('content-length')) || null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total });
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress({ received, total });
  }
  const name = dispositionName(res.headers.get('content-disposition'), 'turing-images.zip');
  return { blob: new Blob(chunks, { type: 'application/zip' }), name };
}
