/** The file name in a Content-Disposition header, preferring the exact UTF-8 one (RFC 8187). */
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

/** Hands a finished download to the browser as a file under `name`. */
export function saveFile(blob: Blob, name: string) {
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
