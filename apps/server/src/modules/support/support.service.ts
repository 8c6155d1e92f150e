import type {
  AdminTicketCounts,
  AdminTicketDetail,
  AdminTicketSummary,
  CreateTicketBody,
  Locale,
  MessageAuthor,
  Page,
  PageRequest,
  SupportMessage,
  TicketDetail,
  TicketStatus,
  TicketSummary,
} from '@turing/contract';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/paging.ts';
import type { Scoped, Transactor } from '../../db/scoped.ts';
import type { SupportMessageRow, SupportTicketRow, UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../shared/app-error.ts';
import type { AuditWrite } from '../../shared/audit.ts';
import type { Logger, MessagingService } from '../messaging/index.ts';
import type { UploadService } from '../upload/index.ts';
import { staffReplyMail } from './support.mail.ts';
import type { SupportRepository } from './support.repository.ts';

const PREVIEW_CHARS = 140;
const preview = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1)}…` : flat;
};
const asLocale = (value: string): Locale => (value === 'zh' ? 'zh' : 'en');

export interface SupportDeps {
  tickets: Scoped<SupportRepository>;
  transaction: Transactor;
  uploads: Pick<UploadService, 'url' | 'getOwned'>;
  messaging: MessagingService;
  log: Logger;
  /** Where the app is reachable, for the link in notices; none when unknown. */
  publicUrl?: string;
}

export function createSupportService(deps: SupportDeps) {
  const { tickets } = deps;
  const repo = tickets.pool;
  /** Runs `work` in one transaction with the repository bound to it. */
  const inTransaction = <T>(work: (r: SupportRepository, tx: Db) => Promise<T>) =>
    deps.transaction((tx) => work(tickets.in(tx), tx));

  const toSummary = (row: SupportTicketRow): TicketSummary => ({
    id: row.id,
    subject: row.subject,
    status: row.status as TicketStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastMessagePreview: row.lastMessagePreview,
    unread: row.unreadByUser,
  });
  const toMessage = (row: SupportMessageRow): SupportMessage => ({
    id: row.id,
    author: row.author as MessageAuthor,
    body: row.body,
    screenshotUrl: row.screenshotKey ? deps.uploads.url(row.screenshotKey) : null,
    createdAt: row.createdAt.toISOString(),
  });
  const toDetail = async (row: SupportTicketRow): Promise<TicketDetail> => ({
    ...toSummary(row),
    contactEmail: row.contactEmail,
    messages: (await repo.messagesOf(row.id)).map(toMessage),
  });
  const toAdminSummary = (row: SupportTicketRow, username: string, unreadByStaff: number): AdminTicketSummary => {
    const { unread: _unread, ...summary } = toSummary(row);
    return {
      ...summary,
      username,
      contactEmail: row.contactEmail,
      locale: asLocale(row.locale),
      lastAuthor: row.lastAuthor as MessageAuthor,
      unreadByStaff,
    };
  };
  const toAdminDetail = async (row: SupportTicketRow, username: string): Promise<AdminTicketDetail> => {
    const unseen = await repo.unseenByStaff([row.id]);
    return {
      ...toAdminSummary(row, username, unseen.get(row.id) ?? 0),
      messages: (await repo.messagesOf(row.id)).map(toMessage),
    };
  };

  async function owned(id: string, userId: string) {
    const row = await repo.findOwned(id, userId);
    if (!row) throw new AppError('TICKET_NOT_FOUND');
    return row;
  }
  async function anyTicket(id: string) {
    const found = await repo.findWithUsername(id);
    if (!found) throw new AppError('TICKET_NOT_FOUND');
    return found;
  }

  /** Tells the user support answered; a failed delivery must not undo the saved reply. */
  async function notifyStaffReply(row: SupportTicketRow): Promise<boolean> {
    const link = deps.publicUrl ? `${deps.publicUrl.replace(/\/$/, '')}/#/user/support` : null;
    const mail = staffReplyMail(row.subject, asLocale(row.locale), link);
    try {
      return await deps.messaging.notifyByEmail({ to: row.contactEmail, ...mail, purpose: 'support-reply' });
    } catch (err) {
      deps.log.error({ err, ticketId: row.id }, 'support reply notice not delivered');
      return false;
    }
  }

  return {
    async create(user: Pick<UserRow, 'id' | 'email'>, body: CreateTicketBody, locale: Locale): Promise<TicketDetail> {
      const contactEmail = body.contactEmail ?? user.email;
      if (!contactEmail)
        throw new AppError('EMAIL_INVALID', { details: [{ field: 'contactEmail', code: 'EMAIL_INVALID' }] });
      const screenshotKey = body.screenshotUploadId
        ? (await deps.uploads.getOwned(body.screenshotUploadId, user.id, 'support')).key
        : null;
      const row = await repo.insertTicket(
        {
          userId: user.id,
          subject: body.subject,
          contactEmail,
          locale,
          status: 'open',
          lastMessagePreview: preview(body.message),
          lastAuthor: 'user',
        },
        { author: 'user', body: body.message, screenshotKey },
      );
      return toDetail(row);
    },

    list: async (userId: string, page: PageRequest): Promise<Page<TicketSummary>> =>
      mapPage(await repo.listForUser(userId, page), (r) => toSummary(r.ticket)),

    /** Only reads: a link or a prefetch must not clear the unread flag (markRead does, when the app opens it). */
    async detail(userId: string, id: string): Promise<TicketDetail> {
      return toDetail(await owned(id, userId));
    },

    async markRead(userId: string, id: string): Promise<TicketSummary> {
      const row = await owned(id, userId);
      if (row.unreadByUser) await repo.markSeen(row.id);
      return toSummary({ ...row, unreadByUser: false });
    },

    /** A user's message opens the ticket again, whatever its status. */
    async reply(userId: string, ticketId: string, message: string, locale: Locale): Promise<TicketDetail> {
      await owned(ticketId, userId);
      const { row } = await inTransaction((r) =>
        r.addMessage(
          ticketId,
          { author: 'user', body: message },
          { status: 'open', locale, unreadByUser: false, lastMessagePreview: preview(message) },
        ),
      );
      return toDetail(row);
    },

    async adminList(status: TicketStatus | 'all', page: PageRequest): Promise<Page<AdminTicketSummary>> {
      const found = await repo.listWithUsername(status === 'all' ? null : status, page);
      const unseen = await repo.unseenByStaff(found.items.map((r) => r.ticket.id));
      return mapPage(found, (r) => toAdminSummary(r.ticket, r.username, unseen.get(r.ticket.id) ?? 0));
    },

    async adminCounts(): Promise<AdminTicketCounts> {
      const { perStatus, unseen } = await repo.counts();
      return {
        open: perStatus.get('open') ?? 0,
        answered: perStatus.get('answered') ?? 0,
        closed: perStatus.get('closed') ?? 0,
        unreadMessages: unseen,
      };
    },

    async adminDetail(id: string): Promise<AdminTicketDetail> {
      const { ticket, username } = await anyTicket(id);
      return toAdminDetail(ticket, username);
    },

    /** The reply and its audit row commit together; the e-mail goes after, and may fail alone. */
    async staffReply(
      ticketId: string,
      message: string,
      audit: AuditWrite,
    ): Promise<AdminTicketDetail & { emailed: boolean }> {
      const { username } = await anyTicket(ticketId);
      const row = await inTransaction(async (r, tx) => {
        const before = await r.lockStatus(ticketId);
        if (!before) throw new AppError('TICKET_NOT_FOUND');
        const added = await r.addMessage(
          ticketId,
          { author: 'staff', body: message },
          { status: 'answered', unreadByUser: true, lastMessagePreview: preview(message) },
        );
        await audit(tx, {
          targetType: 'ticket',
          targetId: ticketId,
          targetLabel: before.subject,
          before: { status: before.status },
          after: { status: added.row.status, messageId: added.messageId },
        });
        return added.row;
      });
      const emailed = await notifyStaffReply(row);
      return { ...(await toAdminDetail(row, username)), emailed };
    },

    /** Closing a closed ticket changes nothing and says so (TICKET_CLOSED). */
    async close(ticketId: string, audit: AuditWrite): Promise<AdminTicketDetail> {
      const { username } = await anyTicket(ticketId);
      const row = await inTransaction(async (r, tx) => {
        const before = await r.lockStatus(ticketId);
        if (!before) throw new AppError('TICKET_NOT_FOUND');
        if (before.status === 'closed') throw new AppError('TICKET_CLOSED');
        const closed = await r.setStatus(ticketId, 'closed');
        await audit(tx, {
          targetType: 'ticket',
          targetId: ticketId,
          targetLabel: before.subject,
          before: { status: before.status },
          after: { status: 'closed' },
        });
        return closed!;
      });
      return toAdminDetail(row, username);
    },
  };
}
export type SupportService = ReturnType<typeof createSupportService>;
