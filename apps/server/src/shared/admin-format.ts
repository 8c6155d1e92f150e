import type { AdminTicketDetail, AdminTicketSummary, WorkReport } from '@turing/contract';

// Chinese, Japanese and Korean characters take two terminal columns.
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;
const width = (text: string) => [...text].reduce((n, ch) => n + (WIDE.test(ch) ? 2 : 1), 0);

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ');
  if (width(flat) <= max) return flat;
  let out = '';
  for (const ch of flat) {
    if (width(out + ch) > max - 1) break;
    out += ch;
  }
  return `${out}…`;
}

const pad = (text: string, size: number) => text + ' '.repeat(Math.max(0, size - width(text)));

/** A plain-text table with a header row; cells are clipped to `max` columns. */
export function table(header: string[], rows: string[][], max: number[] = []): string {
  const cells = [header, ...rows].map((row) => row.map((cell, i) => clip(cell, max[i] ?? 60)));
  const sizes = header.map((_, i) => Math.max(...cells.map((row) => width(row[i] ?? ''))));
  const line = (row: string[]) =>
    row
      .map((cell, i) => pad(cell, sizes[i]!))
      .join('  ')
      .trimEnd();
  const rule = sizes.map((n) => '-'.repeat(n)).join('  ');
  return [line(cells[0]!), rule, ...cells.slice(1).map(line)].join('\n');
}

const when = (iso: string) => new Date(iso).toLocaleString('sv-SE', { dateStyle: 'short', timeStyle: 'short' });

/** A table of tickets; `more` is the hint shown when further pages exist. */
export function formatList(tickets: AdminTicketSummary[], status: string, more: string | null = null): string {
  if (tickets.length === 0) return status === 'all' ? 'No tickets yet.' : `No ${status} tickets.`;
  const rows = tickets.map((x) => [
    x.id,
    x.status,
    x.lastAuthor === 'user' ? 'user' : 'support',
    x.username,
    x.contactEmail,
    when(x.updatedAt),
    x.subject,
  ]);
  const count = `${tickets.length} ticket${tickets.length === 1 ? '' : 's'}`;
  const footer = more ? `${count} shown, more follow.\n${more}` : count;
  return `${table(['ID', 'STATUS', 'LAST BY', 'USER', 'E-MAIL', 'UPDATED', 'SUBJECT'], rows, [36, 8, 7, 20, 32, 16, 48])}\n\n${footer}`;
}

export function formatTicket(ticket: AdminTicketDetail, serverUrl: string): string {
  const head = [
    `Ticket   ${ticket.id}  [${ticket.status}]`,
    `Subject  ${ticket.subject}`,
    `User     ${ticket.username} <${ticket.contactEmail}>, writes in ${ticket.locale === 'zh' ? 'Chinese' : 'English'}`,
    `Opened   ${when(ticket.createdAt)}, last activity ${when(ticket.updatedAt)}`,
  ];
  const messages = ticket.messages.map((m) => {
    const title = `-- ${m.author === 'staff' ? 'Support' : ticket.username} · ${when(m.createdAt)} `;
    const shot = m.screenshotUrl ? `\n[screenshot] ${new URL(m.screenshotUrl, serverUrl).toString()}` : '';
    return `${title}${'-'.repeat(Math.max(4, 60 - width(title)))}\n${m.body}${shot}`;
  });
  return [head.join('\n'), ...messages].join('\n\n');
}

/** A table of reported works; `more` is the hint shown when further pages exist. */
export function formatReports(reports: WorkReport[], status: string, more: string | null = null): string {
  if (reports.length === 0) return status === 'all' ? 'No reports yet.' : `No ${status} reports.`;
  const rows = reports.map((r) => [
    r.id,
    r.status,
    when(r.createdAt),
    r.workId,
    r.workState,
    r.creator,
    r.reporter ?? '(visitor)',
    r.reason,
    [r.workTitle, r.details].filter(Boolean).join(' — '),
  ]);
  const count = `${reports.length} report${reports.length === 1 ? '' : 's'}`;
  const footer = more ? `${count} shown, more follow.\n${more}` : count;
  return `${table(['REPORT', 'STATUS', 'REPORTED', 'WORK', 'WORK STATE', 'CREATOR', 'REPORTER', 'REASON', 'TITLE — DETAILS'], rows, [36, 8, 16, 36, 11, 20, 20, 13, 60])}\n\n${footer}`;
}
