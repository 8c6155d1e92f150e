import { APP_HEADER, LIMITS, type Endpoint } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { ApiError } from '../../../shared/http/api-error.ts';

/**
 * Saves an admin download (CSV) the server answers as a file: fetched with the app's headers and
 * language (the file's column names follow it), then handed to the browser as a download.
 */
export async function downloadFile(
  endpoint: Endpoint,
  query: Record<string, string | undefined>,
  fallbackName: string,
) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const qs = params.toString();
  const res = await fetch(`${LIMITS.apiBase}${endpoint.path}${qs ? `?${qs}` : ''}`, {
    headers: { [APP_HEADER.name]: APP_HEADER.value, 'accept-language': i18n.language || 'en' },
    credentials: 'same-origin',
  });
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('text/')) {
    const body = (await res.json().catch(() => null)) as { msg?: string; code?: string } | null;
    throw new ApiError(body?.msg ?? res.statusText, { status: res.status, code: body?.code ?? null, body });
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
