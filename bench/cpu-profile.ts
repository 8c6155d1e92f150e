// `npx tsx bench/cpu-profile.ts <file.cpuprofile> [rows]`: where a V8 CPU profile (node --cpu-prof,
// e.g. PROFILE=<dir> with soak.ts or server.ts) spent its time: self time by function and by file,
// the idle and garbage-collector shares apart, time under each of our files, and the longest spans
// the thread spent without returning to its event loop.
import fs from 'node:fs';
import path from 'node:path';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const root = path.resolve(import.meta.dirname, '..');
const short = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(`${root}/`, '')
    .replace(/^.*node_modules\//, 'node_modules/') || '(native)';

export function summarise(file: string, rows = 25) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  /** Our files on a node's stack, and the outermost of our frames (memoised: stacks share their roots). */
  const ours = new Map<number, { files: string[]; outer: string | null }>();
  const stackOf = (id: number): { files: string[]; outer: string | null } => {
    let known = ours.get(id);
    if (known) return known;
    const up = parent.has(id) ? stackOf(parent.get(id)!) : { files: [], outer: null };
    const f = byId.get(id)!.callFrame;
    known = up;
    if (f.url.includes('/apps/')) {
      const file = short(f.url);
      known = {
        files: up.files.includes(file) ? up.files : [...up.files, file],
        outer: up.outer ?? `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`,
      };
    }
    ours.set(id, known);
    return known;
  };
  const self = new Map<number, number>();
  // Time with one of our files on the stack (its callees included), by file.
  const inclusive = new Map<string, number>();
  // Spans the thread could not leave: consecutive samples under one entry from the event loop (a
  // callback and the microtasks it queued run to the end), garbage collection inside them included.
  const rootId = profile.nodes[0]!.id;
  const entryOf = (id: number) => {
    let p = id;
    while (parent.get(p) !== undefined && parent.get(p) !== rootId) p = parent.get(p)!;
    return p;
  };
  const stretches: { ms: number; top: Map<string, number> }[] = [];
  let current: { entry: number; ms: number; top: Map<string, number> } | null = null;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    self.set(id, (self.get(id) ?? 0) + ms);
    for (const f of stackOf(id).files) inclusive.set(f, (inclusive.get(f) ?? 0) + ms);
    const name = byId.get(id)!.callFrame.functionName;
    if (name === '(garbage collector)' && current) {
      current.ms += ms;
      current.top.set(name, (current.top.get(name) ?? 0) + ms);
      return;
    }
    const entry = entryOf(id);
    if (current && current.entry !== entry) {
      stretches.push(current);
      current = null;
    }
    if (name === '(idle)' || name === '(program)' || name === '(garbage collector)') return;
    current ??= { entry, ms: 0, top: new Map() };
    current.ms += ms;
    // Named by the outermost frame of ours (apps/…) in the sample's stack, if any.
    const label = stackOf(id).outer ?? `${name || '(anonymous)'} ${short(byId.get(id)!.callFrame.url)}`;
    current.top.set(label, (current.top.get(label) ?? 0) + ms);
  });
  if (current) stretches.push(current);

  const total = (profile.endTime - profile.startTime) / 1000;
  const fn = new Map<string, number>();
  const files = new Map<string, number>();
  for (const [id, ms] of self) {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${short(f.url)}${f.url ? `:${f.lineNumber + 1}` : ''}`;
    fn.set(key, (fn.get(key) ?? 0) + ms);
    files.set(short(f.url), (files.get(short(f.url)) ?? 0) + ms);
  }
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, rows)
      .map(([k, ms]) => ({ what: k.slice(0, 110), ms: Math.round(ms), '%': +((100 * ms) / total).toFixed(1) }));
  console.log(`${path.basename(file)}: ${(total / 1000).toFixed(1)} s`);
  console.log('self time by function');
  console.table(top(fn));
  console.log('self time by file');
  console.table(top(files));
  console.log('time with the file on the stack (callees included)');
  console.table(top(inclusive));
  const long = stretches.filter((s) => s.ms >= 50).sort((a, b) => b.ms - a.ms);
  console.log(
    `spans the thread could not leave ≥ 50 ms: ${long.length} (${Math.round(long.reduce((a, s) => a + s.ms, 0))} ms); the longest:`,
  );
  console.table(
    long.slice(0, 15).map((s) => ({
      ms: Math.round(s.ms),
      mostly: [...s.top]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 2)
        .map(([k, ms]) => `${k} ${Math.round(ms)}`)
        .join(' | ')
        .slice(0, 140),
    })),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) summarise(process.argv[2]!, Number(process.argv[3] ?? 25));
