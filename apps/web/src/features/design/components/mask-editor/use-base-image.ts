import { useEffect, useState } from 'react';

export type BaseImage = { status: 'loading' | 'failed'; image: null } | { status: 'ready'; image: HTMLImageElement };

/** Loads the base image for Konva. The result is tied to its URL, so a new URL reads as loading at once. */
export function useBaseImage(url: string): BaseImage {
  const [loaded, setLoaded] = useState<{ url: string; result: BaseImage } | null>(null);

  useEffect(() => {
    const image = new window.Image();
    let live = true;
    image.onload = () => live && setLoaded({ url, result: { status: 'ready', image } });
    image.onerror = () => live && setLoaded({ url, result: { status: 'failed', image: null } });
    image.src = url;
    return () => {
      live = false;
      image.onload = null;
      image.onerror = null;
    };
  }, [url]);

  return loaded?.url === url ? loaded.result : { status: 'loading', image: null };
}
