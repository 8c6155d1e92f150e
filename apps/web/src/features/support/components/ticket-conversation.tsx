import { useEffect, useRef } from 'react';
import { Alert, Image } from 'antd';
import type { TicketDetail } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '../lib/format-time.ts';
import { ReplyBox } from './reply-box.tsx';
import { StatusTag } from './status-tag.tsx';

/** The messages of one ticket, oldest first, with the reply box under them. */
export function TicketConversation({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation('support');
  const formatTime = useFormatTime();
  const list = useRef<HTMLOListElement>(null);
  const count = ticket.messages.length;

  // Keep the newest message in view when the drawer opens and after each reply.
  useEffect(() => {
    list.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  return (
    <div className="support-thread">
      <div className="support-thread__meta">
        <StatusTag status={ticket.status} />
        <span>{t('conversation.opened', { time: formatTime(ticket.createdAt) })}</span>
        <span>{t('conversation.contact', { email: ticket.contactEmail })}</span>
      </div>
      <ol ref={list} className="support-thread__messages" aria-label={ticket.subject}>
        {ticket.messages.map((m) => (
          <li key={m.id} className={`support-bubble support-bubble--${m.author}`} data-testid={`message-${m.author}`}>
            <div className="support-bubble__head">
              <strong>{m.author === 'staff' ? t('conversation.staff') : t('conversation.you')}</strong>
              <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
            </div>
            <p className="support-bubble__body">{m.body}</p>
            {m.screenshotUrl && (
              <Image
                src={m.screenshotUrl}
                alt={t('conversation.screenshot')}
                width={160}
                className="support-bubble__shot"
              />
            )}
          </li>
        ))}
      </ol>
      {ticket.status === 'closed' && <Alert type="info" showIcon title={t('conversation.closedHint')} />}
      <ReplyBox ticketId={ticket.id} />
    </div>
  );
}
