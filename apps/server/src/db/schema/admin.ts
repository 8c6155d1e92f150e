import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './users.ts';

/** Accounts that run the service, with their role and second factor. */
export const operators = pgTable('operators', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role').notNull(),
  /** Who granted the current role (a username, or "admin token"). */
  grantedBy: text('granted_by'),
  /** Base32 TOTP secret once confirmed; the pending one while the operator sets up the app. */
  totpSecret: text('totp_secret'),
  totpPending: text('totp_pending'),
  totpPendingUntil: timestamp('totp_pending_until', { withTimezone: true }),
  /** The last 30-second step whose code was accepted: a code is never accepted twice. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** sha256 (hex) of each unused recovery code. */
  recoveryCodes: jsonb('recovery_codes').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sessions that have passed an operator's second factor (gone with the session). */
export const operatorSessions = pgTable('operator_sessions', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull(),
  passedAt: timestamp('passed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per admin action, written in the transaction of the action itself. Append-only: a
 * trigger refuses UPDATE, DELETE and TRUNCATE. No foreign keys, so a deleted account's actions
 * stay (the actor's name is kept with them).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').notNull(),
    via: text('via').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    targetLabel: text('target_label'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull(),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorName, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_target_idx').on(t.targetId, t.id),
    index('audit_log_at_idx').on(t.at),
  ],
);

/** Engine servers an operator took out of rotation: they finish their work and get no new work. */
export const engineDrains = pgTable('engine_drains', {
  url: text('url').primaryKey(),
  drainedBy: text('drained_by').notNull(),
  drainedAt: timestamp('drained_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An operator's replacement picture for a style or material tag (kept in object storage). */
export const presetImages = pgTable('preset_images', {
  tagId: text('tag_id').primaryKey(),
  imageKey: text('image_key').notNull(),
  version: integer('version').notNull().default(1),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
