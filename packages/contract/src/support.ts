import { z } from 'zod';
import { emailField, INVALID_CHAR, isStorableText } from './fields.ts';
import { LIMITS } from './limits.ts';
import { page, pageQuery } from './paging.ts';
import { route } from './route.ts';
import { supportAdminEndpoints, supportEndpoints } from './support.endpoints.ts';

export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export const ticketStatus = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof ticketStatus>;

export const MESSAGE_AUTHORS = ['user', 'staff'] as const;
export const messageAuthor = z.enum(MESSAGE_AUTHORS);
export type MessageAuthor = z.infer<typeof messageAuthor>;

export const ticketSubjectField = z
  .string({ error: 'SUBJECT_REQUIRED' })
  .trim()
  .min(1, 'SUBJECT_REQUIRED')
  .max(LIMITS.supportSubjectMax, 'TEXT_TOO_LONG')
  .refine(isStorableText, INVALID_CHAR);

export const ticketMessageField = z
  .string({ error: 'MESSAGE_REQUIRED' })
  .trim()
  .min(1, 'MESSAGE_REQUIRED')
  .max(LIMITS.supportMessageMax, 'TEXT_TOO_LONG')
  .refine(isStorableText, INVALID_CHAR);

/** An unknown or malformed ticket id reads the same as someone else's: not found. */
const ticketId = z.uuid('TICKET_NOT_FOUND');

export const createTicketBody = z
  .object({
    subject: ticketSubjectField,
    message: ticketMessageField,
    /** Where the reply notice goes; left out, the account's own e-mail (when it has one). */
    contactEmail: emailField.optional(),
    /** A screenshot uploaded through /upload/image?kind=support. */
    screenshotUploadId: z.uuid('UPLOAD_NOT_FOUND').optional(),
  })
  .strict();
export type CreateTicketBody = z.input<typeof createTicketBody>;

export const replyTicketBody = z.object({ ticketId, message: ticketMessageField }).strict();
export type ReplyTicketBody = z.input<typeof replyTicketBody>;

export const ticketIdQuery = z.object({ id: ticketId });

export const markTicketReadBody = z.object({ ticketId }).strict();
export type MarkTicketReadBody = z.input<typeof markTicketReadBody>;

export const ticketSummary = z.object({
  id: z.string(),
  subject: z.string(),
  status: ticketStatus,
  createdAt: z.iso.datetime(),
  /** The time of the latest message or status change. */
  updatedAt: z.iso.datetime(),
  lastMessagePreview: z.string(),
  /** Support answered since the user last opened the ticket. */
  unread: z.boolean(),
});
export type TicketSummary = z.infer<typeof ticketSummary>;

export const supportMessage = z.object({
  id: z.string(),
  author: messageAuthor,
  body: z.string(),
  screenshotUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type SupportMessage = z.infer<typeof supportMessage>;

export const ticketDetail = ticketSummary.extend({
  contactEmail: z.string(),
  messages: z.array(supportMessage),
});
export type TicketDetail = z.infer<typeof ticketDetail>;

export const supportRoutes = {
  create: route({
    ...supportEndpoints.create,
    body: createTicketBody,
    response: ticketDetail,
    summary: 'Opens a support ticket, optionally with a screenshot uploaded as kind "support"',
  }),
  list: route({
    ...supportEndpoints.list,
    query: pageQuery,
    response: page(ticketSummary),
    summary: "The user's support tickets, latest activity first, one page at a time (keyset cursor)",
  }),
  detail: route({
    ...supportEndpoints.detail,
    query: ticketIdQuery,
    response: ticketDetail,
    summary: 'One ticket of the user with its conversation (reading it changes nothing)',
  }),
  markRead: route({
    ...supportEndpoints.markRead,
    body: markTicketReadBody,
    response: ticketSummary,
    summary: "Marks the ticket's staff replies as read (the user opened it)",
  }),
  reply: route({
    ...supportEndpoints.reply,
    body: replyTicketBody,
    response: ticketDetail,
    summary: 'Adds a message from the user; the ticket opens again',
  }),
};

// The operator's side.

export const adminTicketListQuery = pageQuery.extend({
  status: z.enum([...TICKET_STATUSES, 'all']).default('open'),
});

const adminFields = {
  username: z.string(),
  contactEmail: z.string(),
  locale: z.enum(['en', 'zh']),
  /** Who wrote last: 'user' means the ticket waits for an answer. */
  lastAuthor: messageAuthor,
  /**
   * The user's messages support has not seen: those after the last staff reply, while the ticket is
   * not closed (answering or closing it is what reading it means to support).
   */
  unreadByStaff: z.number().int().nonnegative(),
};

export const adminTicketSummary = ticketSummary.omit({ unread: true }).extend(adminFields);
export type AdminTicketSummary = z.infer<typeof adminTicketSummary>;

export const adminTicketDetail = ticketDetail.omit({ unread: true }).extend(adminFields);
export type AdminTicketDetail = z.infer<typeof adminTicketDetail>;

export const adminReplyBody = z.object({ ticketId, message: ticketMessageField }).strict();
export type AdminReplyBody = z.input<typeof adminReplyBody>;
export const adminCloseBody = z.object({ ticketId }).strict();

/** The support inbox at a glance (the console's badge): tickets per status and unread user messages. */
export const adminTicketCounts = z.object({
  open: z.number().int(),
  answered: z.number().int(),
  closed: z.number().int(),
  /** User messages support has not seen, over every ticket that is not closed. */
  unreadMessages: z.number().int(),
});
export type AdminTicketCounts = z.infer<typeof adminTicketCounts>;

export const supportAdminRoutes = {
  list: route({
    ...supportAdminEndpoints.list,
    query: adminTicketListQuery,
    response: page(adminTicketSummary),
    summary:
      'Tickets of every user with one status (open by default), latest activity first, one page at a time (keyset cursor)',
  }),
  counts: route({
    ...supportAdminEndpoints.counts,
    response: adminTicketCounts,
    summary: 'How many tickets have each status, and how many user messages support has not seen',
  }),
  detail: route({
    ...supportAdminEndpoints.detail,
    query: ticketIdQuery,
    response: adminTicketDetail,
    summary: 'One ticket with its conversation',
  }),
  reply: route({
    ...supportAdminEndpoints.reply,
    body: adminReplyBody,
    response: adminTicketDetail.extend({ emailed: z.boolean() }),
    summary:
      'Answers as staff: the ticket becomes answered and the user is told by e-mail (audited: status before and after)',
  }),
  close: route({
    ...supportAdminEndpoints.close,
    body: adminCloseBody,
    response: adminTicketDetail,
    summary: 'Closes a ticket; a later reply from the user opens it again (audited; a closed ticket: TICKET_CLOSED)',
  }),
};
