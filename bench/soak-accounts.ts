// The soak's accounts: the pictures they upload, and the check at the end that each balance equals
// the sum of its ledger once the account's tasks have ended.
import sharp from 'sharp';

const json = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const FINISHED = ['complete', 'cancelled', 'timed_out', 'lost'];

/** Pictures to upload: JPEG and PNG drawings of the sizes users send. */
export async function pictures(): Promise<{ name: string; type: string; data: Buffer }[]> {
  const make = async (w: number, h: number, format: 'jpeg' | 'png') => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#e8d3a9"/><stop offset="1" stop-color="#2c4a6b"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/><rect x="${w / 4}" y="${h / 3}" width="${w / 2}" height="${h / 2}" fill="#ddd" stroke="#333" stroke-width="6"/><polygon points="${w / 4},${h / 3} ${w / 2},${h / 8} ${(3 * w) / 4},${h / 3}" fill="#a55"/></svg>`;
    const img = sharp(Buffer.from(svg));
    return format === 'jpeg' ? img.jpeg({ quality: 90 }).toBuffer() : img.png().toBuffer();
  };
  return [
    { name: 'site.jpg', type: 'image/jpeg', data: await make(2048, 1536, 'jpeg') },
    { name: 'sketch.png', type: 'image/png', data: await make(1200, 900, 'png') },
    { name: 'facade.jpg', type: 'image/jpeg', data: await make(1024, 768, 'jpeg') },
  ];
}

/**
 * Waits for the account's tasks to end (cancelling those still running after `drainUntil`), counts
 * how they ended into `ended`, and tells whether its balance equals the sum of its ledger.
 */
export async function settleAccount(
  base: string,
  cookie: string,
  drainUntil: number,
  ended: Record<string, number>,
): Promise<boolean> {
  const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' };
  const all: { id: string; state: string }[] = [];
  for (;;) {
    all.length = 0;
    let cursor: string | null = null;
    for (let page = 0; page < 1000; page++) {
      const list = (await (
        await fetch(`${base}/design/task/list?limit=50${cursor ? `&cursor=${cursor}` : ''}`, { headers })
      ).json()) as { data: { items: { id: string; state: string }[]; nextCursor: string | null } };
      all.push(...list.data.items);
      cursor = list.data.nextCursor;
      if (!cursor) break;
    }
    const active = all.filter((t) => !FINISHED.includes(t.state));
    if (active.length === 0) break;
    if (performance.now() > drainUntil)
      for (const t of active)
        await fetch(`${base}/design/task/cancel`, {
          method: 'POST',
          headers: { ...json, cookie },
          body: JSON.stringify({ id: t.id }),
        });
    if (performance.now() > drainUntil + 30_000) throw new Error('tasks still running 30 s after they were cancelled');
    await sleep(1000);
  }
  for (const t of all) ended[t.state] = (ended[t.state] ?? 0) + 1;
  const balance = (await (await fetch(`${base}/design/balance`, { headers })).json()) as {
    data: { cubes: number };
  };
  let sum = 0;
  let cursor: string | null = null;
  for (let page = 0; page < 10_000; page++) {
    const ledger = (await (
      await fetch(`${base}/billing/ledger/list?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { headers })
    ).json()) as { data: { items: { cubes: number }[]; nextCursor: string | null } };
    for (const e of ledger.data.items) sum += e.cubes;
    cursor = ledger.data.nextCursor;
    if (!cursor) break;
  }
  if (sum !== balance.data.cubes) console.log(`balance ${balance.data.cubes} ≠ ledger sum ${sum}`);
  return sum === balance.data.cubes;
}
