/**
 * The order in which an engine's queued tasks will start, worked out the way the workers' claim
 * picks them (generation/lifecycle/lifecycle.ts, `nextQueued`): the places and waits users see
 * count the starts before their task in THIS order, not its age among the queued ones.
 *
 * The rule: tasks of users with a time plan form a lane ahead of pay-per-image ones, except that
 * once `share - 1` plan starts in a row have gone by while pay-per-image tasks wait, the next start
 * is theirs; a lane with nothing waiting never holds up the other. Within a lane, the next task is
 * the oldest one of the user served least recently (never served first), ties going to the older
 * task. Each start makes its user the one served most recently.
 */
export interface QueuedEntry {
  id: string;
  userId: string;
  /** Its lane: covered by a time plan. */
  plan: boolean;
  /** Its rank by age in the line (created_at, id), oldest first. */
  age: number;
  /** Its user's rank by when they were last served, least recently first (never served: lowest). */
  served: number;
}

/**
 * The ids of `entries` in the order they start if nothing else arrives. `streak`: plan starts in a
 * row so far on this engine (queue_turns). A simulation of the claim: the line is bounded by the
 * per-user cap on active tasks times the users who wait, and each step looks at each waiting user
 * once.
 */
export function startOrder(entries: readonly QueuedEntry[], streak: number, share: number): string[] {
  /** Per lane, each user's tasks, oldest first. */
  const lanes = { plan: new Map<string, QueuedEntry[]>(), pay: new Map<string, QueuedEntry[]>() };
  const servedRank = new Map<string, number>();
  let clock = 0;
  for (const e of [...entries].sort((a, b) => a.age - b.age)) {
    const lane = e.plan ? lanes.plan : lanes.pay;
    lane.set(e.userId, [...(lane.get(e.userId) ?? []), e]);
    servedRank.set(e.userId, e.served);
    clock = Math.max(clock, e.served);
  }
  const order: string[] = [];
  let turns = streak;
  while (lanes.plan.size || lanes.pay.size) {
    const payTurn = lanes.pay.size > 0 && (lanes.plan.size === 0 || turns >= share - 1);
    const lane = payTurn ? lanes.pay : lanes.plan;
    let next: QueuedEntry | null = null;
    for (const [userId, waiting] of lane) {
      const head = waiting[0]!;
      if (!next) next = head;
      else {
        const [a, b] = [servedRank.get(userId)!, servedRank.get(next.userId)!];
        if (a < b || (a === b && head.age < next.age)) next = head;
      }
    }
    const chosen = next!;
    order.push(chosen.id);
    const left = lane.get(chosen.userId)!;
    left.shift();
    if (!left.length) lane.delete(chosen.userId);
    servedRank.set(chosen.userId, (clock += 1));
    turns = payTurn ? 0 : turns + 1;
  }
  return order;
}
