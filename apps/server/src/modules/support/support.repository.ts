import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PageRequest } from '@turing/contract';
import type { Db } from '../../db/client.ts';
import { keysetPage, type Keyset } from '../../db/paging.ts';
import { supportMessages, supportTickets, users, type SupportTicketRow } from '../../db/schema/index.ts';

export type NewTicket = typeof supportTickets.$inferInsert;
export type NewMessage = Omit<typeof supportMessages.$inferInsert, 'ticketId'>;
export type TicketPatch = Partial<Pick<NewTicket, 'status' | 'locale' | 'unreadByUser'>>;

// Times come from the database clock (microseconds), so "latest activity first" stays exact
// even when two changes land within the same millisecond.
const NOW = sql`now()`;
/** Latest activity first. */
const byActivity: Keyset = { sort: supportTickets.updatedAt, id: supportTickets.id };

/**
 * The user messages of a ticket support has not seen: there is no read mark for staff, so those
 * after the last staff reply, on tickets not closed (answering or closing is how support reads).
 */
const unseenByStaff = sql`${supportMessages.author} = 'user' and ${supportTickets.status} <> 'closed' and ${supportMessages.createdAt} > coalesce(
  (select max(s.created_at) from support_messages s where s.ticket_id = ${supportMessages.ticketId} and s.author = 'staff'),
  '-infinity'::timestamptz)`;

export function createSupportRepository(db: Db) {
  const withUsername = () =>
    db
      .select({ ticket: supportTickets, username: users.username })
      .from(supportTickets)
      .innerJoin(users, eq(users.id, supportTickets.userId));

  return {
    /** A ticket and its first message, together or not at all. */
    insertTicket: (ticket: NewTicket, message: NewMessage) =>
      db.transaction(async (tx) => {
        const [row] = await tx.insert(supportTickets).values(ticket).returning();
        await tx.insert(supportMessages).values({ ...message, ticketId: row!.id });
        return row!;
      }),

    async findOwned(id: string, userId: string) {
      const [row] = await db
        .select()
        .from(supportTickets)
        .where(and(eq(supportTickets.id, id), eq(supportTickets.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    listForUser: (userId: string, page: PageRequest) =>
      keysetPage(
        byActivity,
        page,
        ({ where, orderBy, limit, sortKey }) =>
          db
            .select({ ticket: supportTickets, sortKey })
            .from(supportTickets)
            .where(and(eq(supportTickets.userId, userId), where))
            .orderBy(...orderBy)
            .limit(limit),
        (row) => row.ticket.id,
      ),

    messagesOf: (ticketId: string) =>
      db
        .select()
        .from(supportMessages)
        .where(eq(supportMessages.ticketId, ticketId))
        .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id)),

    /**
     * Adds a message and moves the ticket's activity time, status and preview with it; run it on a
     * repository made with a transaction, so both statements commit together.
     */
    async addMessage(ticketId: string, message: NewMessage, patch: TicketPatch & { lastMessagePreview: string }) {
      const [added] = await db
        .insert(supportMessages)
        .values({ ...message, ticketId })
        .returning({ id: supportMessages.id });
      const [row] = await db
        .update(supportTickets)
        .set({ ...patch, lastAuthor: message.author, updatedAt: NOW })
        .where(eq(supportTickets.id, ticketId))
        .returning();
      return { row: row!, messageId: added!.id };
    },

    async setStatus(id: string, status: SupportTicketRow['status']) {
      const [row] = await db
        .update(supportTickets)
        .set({ status, updatedAt: NOW })
        .where(eq(supportTickets.id, id))
        .returning();
      return row ?? null;
    },

    /** The ticket's status, its row held until the transaction ends (two operators answering at once). */
    async lockStatus(id: string) {
      const [row] = await db
        .select({ status: supportTickets.status, subject: supportTickets.subject })
        .from(supportTickets)
        .where(eq(supportTickets.id, id))
        .for('update');
      return row ?? null;
    },

    /** Unseen user messages per ticket, for the tickets named (absent: none). */
    async unseenByStaff(ticketIds: string[]) {
      if (ticketIds.length === 0) return new Map<string, number>();
      const rows = await db
        .select({ ticketId: supportMessages.ticketId, n: count() })
        .from(supportMessages)
        .innerJoin(supportTickets, eq(supportTickets.id, supportMessages.ticketId))
        .where(and(inArray(supportMessages.ticketId, ticketIds), unseenByStaff))
        .groupBy(supportMessages.ticketId);
      return new Map(rows.map((r) => [r.ticketId, r.n]));
    },

    /** Tickets per status, and the user messages support has not seen over the tickets not closed. */
    async counts() {
      const perStatus = await db
        .select({ status: supportTickets.status, n: count() })
        .from(supportTickets)
        .groupBy(supportTickets.status);
      const [unseen] = await db
        .select({ n: count() })
        .from(supportMessages)
        .innerJoin(supportTickets, eq(supportTickets.id, supportMessages.ticketId))
        .where(and(ne(supportTickets.status, 'closed'), unseenByStaff));
      return { perStatus: new Map(perStatus.map((r) => [r.status, r.n])), unseen: unseen?.n ?? 0 };
    },

    async markSeen(id: string) {
      await db.update(supportTickets).set({ unreadByUser: false }).where(eq(supportTickets.id, id));
    },

    async findWithUsername(id: string) {
      const [row] = await withUsername().where(eq(supportTickets.id, id)).limit(1);
      return row ?? null;
    },

    /** Every user's tickets with one status, or all of them. */
    listWithUsername: (status: string | null, page: PageRequest) =>
      keysetPage(
        byActivity,
        page,
        ({ where, orderBy, limit, sortKey }) =>
          db
            .select({ ticket: supportTickets, username: users.username, sortKey })
            .from(supportTickets)
            .innerJoin(users, eq(users.id, supportTickets.userId))
            .where(and(status ? eq(supportTickets.status, status) : undefined, where))
            .orderBy(...orderBy)
            .limit(limit),
        (row) => row.ticket.id,
      ),
  };
}
export type SupportRepository = ReturnType<typeof createSupportRepository>;
