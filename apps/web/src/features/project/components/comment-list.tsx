import { useEffect, useRef } from 'react';
import { Button, Popconfirm, Tag } from 'antd';
import { CheckOutlined, DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import type { ProjectComment } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from './comment-time.ts';
import './comment-layer.css';

export interface CommentListProps {
  /** One image's comments, oldest first, numbered as their pins are. */
  comments: ProjectComment[];
  activeId?: string | null;
  onActivate?: (id: string) => void;
  /** Editors and the owner may resolve comments and open them again. */
  onResolve?: (comment: ProjectComment, resolved: boolean) => Promise<unknown>;
  /** Deletes a comment the reader may delete (`canDelete`). */
  onDelete?: (comment: ProjectComment) => Promise<unknown>;
  /** Said when there is no comment yet. */
  emptyText?: string;
}

/**
 * The comments beside an image: each pin's number, its author and time, its text (as text, never
 * HTML) and what the reader may do with it.
 */
export function CommentList(props: CommentListProps) {
  const { t } = useTranslation('project');
  const formatTime = useFormatTime();
  const items = useRef(new Map<string, HTMLLIElement>());

  // The comment of a pin just chosen comes into view beside the image.
  useEffect(() => {
    if (props.activeId) items.current.get(props.activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [props.activeId]);

  if (!props.comments.length) return <p className="comment-list__empty">{props.emptyText ?? t('comments.empty')}</p>;

  return (
    <ol className="comment-list" data-testid="comment-list">
      {props.comments.map((c, i) => {
        const active = props.activeId === c.id;
        return (
          <li
            key={c.id}
            ref={(el) => {
              if (el) items.current.set(c.id, el);
              else items.current.delete(c.id);
            }}
            className={`comment-list__item${active ? ' comment-list__item--active' : ''}${c.resolved ? ' comment-list__item--resolved' : ''}`}
            data-testid="comment-item"
          >
            <div className="comment-list__head">
              <button
                type="button"
                className={`comment-pin comment-pin--inline${c.resolved ? ' comment-pin--resolved' : ''}`}
                aria-label={t('comments.showPin', { n: i + 1 })}
                aria-pressed={active}
                onClick={() => props.onActivate?.(c.id)}
              >
                {i + 1}
              </button>
              <span className="comment-list__author">{c.author.name}</span>
              {c.author.guest && <Tag className="comment-list__tag">{t('comments.guest')}</Tag>}
              {c.resolved && (
                <Tag color="success" className="comment-list__tag">
                  {t('comments.resolved')}
                </Tag>
              )}
              <time className="comment-list__time" dateTime={c.createdAt}>
                {formatTime(c.createdAt)}
              </time>
            </div>
            <p className="comment-list__body">{c.body}</p>
            {(props.onResolve || (props.onDelete && c.canDelete)) && (
              <div className="comment-list__actions">
                {props.onResolve && (
                  <Button
                    size="small"
                    type="text"
                    icon={c.resolved ? <UndoOutlined /> : <CheckOutlined />}
                    onClick={() => void props.onResolve?.(c, !c.resolved)}
                  >
                    {c.resolved ? t('comments.reopen') : t('comments.resolve')}
                  </Button>
                )}
                {props.onDelete && c.canDelete && (
                  <Popconfirm
                    title={t('comments.deleteTitle', { n: i + 1 })}
                    okText={t('comments.delete')}
                    cancelText={t('comments.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => props.onDelete?.(c)}
                  >
                    <Button size="small" type="text" danger icon={<DeleteOutlined />}>
                      {t('comments.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
