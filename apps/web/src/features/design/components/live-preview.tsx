import { useState, type SyntheticEvent } from 'react';

/**
 * The work-in-progress image of a generating task. Each new frame loads underneath the one on
 * screen and takes its place only once it can be painted, so the picture never blanks or jumps
 * while the URL changes every second or two.
 */
export function LivePreview({ url, alt }: { url: string; alt: string }) {
  const [shown, setShown] = useState(url);
  const next = url === shown ? null : url;

  const promote = (event: SyntheticEvent<HTMLImageElement>) => {
    const img = event.currentTarget;
    const loaded = img.getAttribute('src');
    const decoded = typeof img.decode === 'function' ? img.decode().catch(() => undefined) : Promise.resolve();
    // A frame overtaken by a newer one while decoding is dropped: its element is already gone.
    void decoded.then(() => {
      if (loaded && img.isConnected) setShown(loaded);
    });
  };

  return (
    <div className="task-status__preview-frame">
      <img key={shown} className="task-status__preview" src={shown} alt={alt} />
      {next && (
        <img
          key={next}
          className="task-status__preview task-status__preview--next"
          src={next}
          alt=""
          aria-hidden="true"
          data-testid="preview-next"
          onLoad={promote}
        />
      )}
    </div>
  );
}
