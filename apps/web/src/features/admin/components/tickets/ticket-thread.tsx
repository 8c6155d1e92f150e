import { useEffect, useRef } from 'react';
import { Alert, Descriptions, Image } from 'antd';
import type { AdminTicketDetail } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format.ts';
import { TicketStatusTag } from './ticket-status-tag.tsx';

/** Who wrote, the conversation oldest first with the user's screenshots, and what state it is in. */
export function TicketThread({ ticket }: { ticket: AdminTicketDetail }) {
  const { t, i18n } = useTranslation('admin-support');
  const lang = i18n.language;
  const list = useRef<HTMLOListElement>(null);
  const count = ticket.messages.length;

  // The newest message in view when the ticket opens and after each answer.
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  return (
    <div className="tickets-thread">
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'user',
            label: t('tickets.columns.user'),
            children: t('tickets.thread.user', { name: ticket.username, email: ticket.contactEmail }),
          },
          {
            key: 'status',
            label: t('tickets.columns.status'),
            children: <TicketStatusTag status={ticket.status} />,
          },
          {
            key: 'opened',
            label: t('tickets.thread.openedLabel'),
            children: formatTime(ticket.createdAt, lang),
          },
          {
            key: 'language',
            label: t('tickets.thread.languageLabel'),
            children: t(`tickets.thread.languages.${ticket.locale}`),
          },
        ]}
      />
      <ol ref={list} className="tickets-thread__messages" aria-label={t('tickets.thread.messages')}>
        {ticket.messages.map((m) => {
          const who = m.author === 'staff' ? t('tickets.thread.fromStaff') : ticket.username;
          return (
            <li key={m.id} className={`tickets-message tickets-message--${m.author}`} data-author={m.author}>
              <div className="tickets-message__head">
                <strong>{who}</strong>
                <time dateTime={m.createdAt}>{formatTime(m.createdAt, lang)}</time>
              </div>
              <p className="tickets-message__body">{m.body}</p>
              {m.screenshotUrl ? (
                <div className="tickets-message__shot">
                  <Image
                    src={m.screenshotUrl}
                    alt={t('tickets.thread.screenshot', { name: ticket.username })}
                    width={200}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      {ticket.status === 'closed' ? <Alert type="info" showIcon title={t('tickets.thread.closedHint')} /> : null}
    </div>
  );
}
