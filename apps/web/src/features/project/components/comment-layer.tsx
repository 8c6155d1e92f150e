import { useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Button } from 'antd';
import { CommentOutlined, CloseOutlined } from '@ant-design/icons';
import type { ProjectComment } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { CommentForm, type NewComment } from './comment-form.tsx';
import './comment-layer.css';

/** An image drawn by the layer itself (see `ImageStage`). */
export interface CommentImage {
  id: string;
  url: string;
  width: number;
  height: number;
  /** What the image shows, for screen readers (the view's name). */
  alt: string;
}

/**
 * An image at its own proportions with `children` (the pins) laid over it: a pin at (x, y) stays on
 * its point of the image at every width, never taller than most of the screen.
 */
export function ImageStage({ image, children }: { image: Omit<CommentImage, 'id'>; children?: ReactNode }) {
  return (
    <div
      className="comment-layer__stage"
      style={{
        aspectRatio: `${image.width} / ${image.height}`,
        maxWidth: `calc(80vh * ${image.width / image.height})`,
      }}
    >
      <img className="comment-layer__image" src={image.url} alt={image.alt} width={image.width} height={image.height} />
      {children}
    </div>
  );
}

/** A new pin: where on the image (fractions of its width and height) and what it says. */
type NewPin = NewComment & { x: number; y: number };

export interface CommentLayerProps {
  /** The image the comments are pinned on. */
  imageId: string;
  /**
   * Draws the image with `overlay` (the pins, and the placing surface in comment mode) laid over it,
   * in a box of exactly the image's proportions: `ImageStage`, or the page's own (the project page's
   * version stage).
   */
  stage: (overlay: ReactNode) => ReactNode;
  /** The image's comments, oldest first: the pins are numbered in this order. */
  comments: ProjectComment[];
  /** Whether the reader may pin comments (commenters and up, and a review link's guests). */
  canComment: boolean;
  activeId?: string | null;
  onActivate?: (id: string) => void;
  /** Saves a new pin; rejects with the server's refusal, which the form shows. */
  onCreate: (pin: NewPin) => Promise<unknown>;
  /** A guest's name, asked for in the form and remembered by the caller. */
  guestName?: { value: string; onChange: (name: string) => void };
}

const STEP = 0.02;
const BIG_STEP = 0.1;
const clamp = (n: number) => Math.min(1, Math.max(0, n));
const percent = (n: number) => `${Math.round(n * 1000) / 10}%`;
const MOVES: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * An image with its comments as numbered pins. In "comment mode" a click on the image places a new
 * pin there; from the keyboard the arrow keys move a crosshair (Shift for bigger steps) and Enter
 * places it, Escape leaves the mode. The pin's text is then written below the image.
 */
export function CommentLayer(props: CommentLayerProps) {
  const { t } = useTranslation('project');
  const { comments } = props;
  const [placing, setPlacing] = useState(false);
  const [cursor, setCursor] = useState({ x: 0.5, y: 0.5 });
  const [pending, setPending] = useState<{ x: number; y: number } | null>(null);
  const hintId = useId();
  const modeButton = useRef<HTMLButtonElement>(null);
  /** The form is done (posted or cancelled): the keyboard goes back to where the pin was started. */
  const finish = () => {
    setPending(null);
    modeButton.current?.focus();
  };

  const place = (point: { x: number; y: number }) => {
    setPending(point);
    setPlacing(false);
  };
  const onPlacerClick = (e: MouseEvent<HTMLButtonElement>) => {
    // A click from the keyboard (Enter, Space) has no pointer: it places the crosshair's point.
    if (e.detail === 0) return place(cursor);
    const box = e.currentTarget.getBoundingClientRect();
    place({ x: clamp((e.clientX - box.left) / box.width), y: clamp((e.clientY - box.top) / box.height) });
  };
  const onPlacerKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      setPlacing(false);
      modeButton.current?.focus();
      return;
    }
    const move = MOVES[e.key];
    if (!move) return;
    e.preventDefault();
    const step = e.shiftKey ? BIG_STEP : STEP;
    setCursor((c) => ({ x: clamp(c.x + move[0] * step), y: clamp(c.y + move[1] * step) }));
  };
  const toggle = () => {
    setPending(null);
    setPlacing((on) => !on);
  };

  return (
    <div className="comment-layer" data-testid="comment-layer" data-image={props.imageId}>
      {props.canComment && (
        <div className="comment-layer__toolbar">
          <Button
            ref={modeButton}
            icon={placing ? <CloseOutlined /> : <CommentOutlined />}
            onClick={toggle}
            data-testid="comment-mode"
          >
            {placing ? t('comments.stopPlacing') : t('comments.add')}
          </Button>
          {placing && (
            <span id={hintId} className="comment-layer__hint">
              {t('comments.placeHint')}
            </span>
          )}
        </div>
      )}
      {props.stage(
        <>
          {comments.map((c, i) => {
            const active = props.activeId === c.id;
            return (
              <button
                key={c.id}
                type="button"
                className={`comment-pin${c.resolved ? ' comment-pin--resolved' : ''}${active ? ' comment-pin--active' : ''}`}
                style={{ left: percent(c.x), top: percent(c.y) }}
                aria-label={t(c.resolved ? 'comments.pinResolved' : 'comments.pin', { n: i + 1, name: c.author.name })}
                aria-pressed={active}
                tabIndex={placing ? -1 : 0}
                onClick={() => props.onActivate?.(c.id)}
                data-testid="comment-pin"
              >
                {i + 1}
              </button>
            );
          })}
          {pending && (
            <span
              className="comment-pin comment-pin--pending"
              style={{ left: percent(pending.x), top: percent(pending.y) }}
              aria-hidden
            >
              {comments.length + 1}
            </span>
          )}
          {placing && (
            <button
              type="button"
              className="comment-layer__placer"
              aria-label={t('comments.placeHere', { x: percent(cursor.x), y: percent(cursor.y) })}
              aria-describedby={hintId}
              onClick={onPlacerClick}
              onKeyDown={onPlacerKey}
              // The crosshair shows where Enter would place the pin; the mouse places it where it clicks.
              autoFocus
              data-testid="comment-placer"
            >
              <span className="comment-layer__crosshair" style={{ left: percent(cursor.x), top: percent(cursor.y) }} />
            </button>
          )}
        </>,
      )}
      <span className="comment-sr-only" aria-live="polite">
        {placing ? t('comments.crosshairAt', { x: percent(cursor.x), y: percent(cursor.y) }) : ''}
      </span>
      {pending && (
        <CommentForm
          number={comments.length + 1}
          guestName={props.guestName}
          onCancel={finish}
          onSubmit={async (comment) => {
            await props.onCreate({ ...comment, ...pending });
            finish();
          }}
        />
      )}
    </div>
  );
}
