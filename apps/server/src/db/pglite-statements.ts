import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * PGlite runs every query as an unnamed statement: PostgreSQL parses and plans it again each time,
 * and PGlite asks it to describe the statement each time too. For the app's statements, which are
 * the same few hundred texts run again and again, planning is most of the cost: half a millisecond
 * for a completion's filing statement, against a tenth for running it, on the one thread that serves
 * everything. So each text is prepared once as a named statement with its description kept, and
 * run after that with bind and execute alone; PostgreSQL keeps (and invalidates, after a schema
 * change) its plan as it does for any prepared statement.
 *
 * The rest follows PGlite's own `query`: the same locks (a query outside a transaction waits for an
 * open one), the same parameter serialisers and result parsers, a sync after every exchange, and
 * its file-system sync after a statement outside a transaction.
 */

/** Row-returning and row-changing statements; anything else (migrations, SET) goes PGlite's own way. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** The texts kept prepared; past it, new texts run unnamed (drizzle's texts are few and fixed). */
const MAX_STATEMENTS = 1000;

/** "cached plan must not change result type" */
const PLAN_CHANGED = '0A000';

type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
interface Statement {
  name: string;
  paramTypes: number[];
  /** What describing it answered about its rows (a row description, or none): each run's results start with it. */
  rows: Message[];
}
/** PGlite's locks, which its own `query` and `transaction` take. */
interface Locks {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

/** `maxStatements`: how many texts are kept prepared (tests lower it). */
export function createStatementCache(pg: PGlite, { maxStatements = MAX_STATEMENTS } = {}) {
  const statements = new Map<string, Statement>();
  let named = 0;
  const locks = pg as unknown as Locks;
  const send = (message: Uint8Array, opts?: QueryOptions) =>
    pg.execProtocolStream(message, { syncToFs: false, onNotice: opts?.onNotice });

  async function exchange<T>(text: string, params: unknown[], opts?: QueryOptions): Promise<Results<T>> {
    const messages: Message[] = [];
    try {
      let statement = statements.get(text);
      if (!statement) {
        // Past the limit a new text runs as the unnamed statement, which the next one replaces.
        const keep = statements.size < maxStatements;
        const name = keep ? `s${++named}` : '';
        await send(protocol.serialize.parse({ name, text, types: opts?.paramTypes }), opts);
        const described = await send(protocol.serialize.describe({ type: 'S', name }), opts);
        statement = {
          name,
          paramTypes: parse.parseDescribeStatementResults(described),
          rows: described.filter((m) => m.name === 'rowDescription' || m.name === 'noData'),
        };
        if (keep) statements.set(text, statement);
      }
      const { paramTypes } = statement;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serialize = opts?.serializers?.[paramTypes[i]!] ?? pg.serializers[paramTypes[i]!];
        return serialize ? serialize(value) : String(value);
      });
      messages.push(...statement.rows);
      messages.push(...(await send(protocol.serialize.bind({ statement: statement.name, values }), opts)));
      messages.push(...(await send(protocol.serialize.execute({}), opts)));
    } catch (err) {
      // A statement whose rows changed shape under it (a column added to a `returning *` table) is
      // prepared again next time.
      if ((err as { code?: string } | null)?.code === PLAN_CHANGED) statements.delete(text);
      // As PGlite's own errors say: which statement, with what.
      if (err && typeof err === 'object') Object.assign(err, { query: text, params, queryOptions: opts });
      throw err;
    } finally {
      messages.push(...(await send(protocol.serialize.sync(), opts)));
    }
    return parse.parseResults(messages, pg.parsers, opts)[0] as Results<T>;
  }

  return {
    preparable: (text: string) => PREPARABLE.test(text),
    /** A statement inside a transaction: that transaction holds PGlite's transaction lock already. */
    inTransaction: <T>(text: string, params: unknown[] = [], opts?: QueryOptions) =>
      locks._runExclusiveQuery(() => exchange<T>(text, params, opts)),
    /** A statement on its own: it waits for an open transaction to end, as PGlite's `query` does. */
    async alone<T>(text: string, params: unknown[] = [], opts?: QueryOptions) {
      const result = await locks._runExclusiveTransaction(() =>
        locks._runExclusiveQuery(() => exchange<T>(text, params, opts)),
      );
      await pg.syncToFs();
      return result;
    },
  };
}
