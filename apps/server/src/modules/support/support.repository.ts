import { and, asc, eq, sql } from 'drizzle-orm';
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

    /** Adds a message and moves the ticket's activity time, status and preview with it. */
    addMessage: (ticketId: string, message: NewMessage, patch: TicketPatch & { lastMessagePreview: string }) =>
      db.transaction(async (tx) => {
        await tx.insert(supportMessages).values({ ...message, ticketId });
        const [row] = await tx
          .update(supportTickets)
          .set({ ...patch, lastAuthor: message.author, updatedAt: NOW })
          .where(eq(supportTickets.id, ticketId))
          .returning();
        return row!;
      }),

    async setStatus(id: string, status: SupportTicketRow['status']) {
      const [row] = await db
        .update(supportTickets)
        .set({ status, updatedAt: NOW })
        .where(eq(supportTickets.id, id))
        .returning();
      return row ?? null;
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
