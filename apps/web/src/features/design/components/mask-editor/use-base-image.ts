import { useEffect, useState } from 'react';

/** Loads the base image for Konva; null until it has decoded (and for a URL it has not loaded yet). */
export function useBaseImage(url: string): HTMLImageElement | null {
  const [loaded, setLoaded] = useState<{ url: string; image: HTMLImageElement } | null>(null);

  useEffect(() => {
    const image = new window.Image();
    let live = true;
    image.onload = () => live && setLoaded({ url, image });
    image.src = url;
    return () => {
      live = false;
      image.onload = null;
    };
  }, [url]);

  return loaded?.url === url ? loaded.image : null;
}
