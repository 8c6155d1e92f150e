/** One Server-Sent Event as the stream's fields made it. */
export interface SseEvent {
  event: string;
  data: string;
  /** The last `id:` seen so far in the stream (it carries over to later events, as in the spec). */
  id: string;
  retry?: number;
}

/**
 * Parses an event stream fed in pieces of any size, as the HTML standard's event-stream rules say:
 * lines end with CRLF, LF or CR (a CR at the end of a piece may be the first half of a CRLF, so it
 * waits for the next piece), a blank line dispatches, `:` starts a comment, one space after the
 * colon is dropped, several `data:` lines join with a newline, and an event without data is not
 * dispatched.
 */
export function createSseParser() {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let lastId = '';
  let retry: number | undefined;

  function line(text: string, out: SseEvent[]) {
    if (text === '') {
      if (data.length) out.push({ event: event || 'message', data: data.join('\n'), id: lastId, retry });
      data = [];
      event = '';
      retry = undefined;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) lastId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  }

  function take(final: boolean): SseEvent[] {
    const out: SseEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(buffer);
      if (!match) break;
      // A lone CR as the last character may be followed by the LF of the next piece.
      if (match[0] === '\r' && match.index === buffer.length - 1 && !final) break;
      line(buffer.slice(0, match.index), out);
      buffer = buffer.slice(match.index + match[0].length);
    }
    return out;
  }

  return {
    push: (text: string) => {
      buffer += text;
      return take(false);
    },
    /** The stream ended: a last line without its end counts, an event without its blank line does not. */
    end: () => {
      const out = take(true);
      if (buffer) line(buffer, out);
      buffer = '';
      return out;
    },
  };
}

/** The events of a fetch body, decoded as UTF-8 across chunk boundaries. */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const parser = createSseParser();
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    yield* parser.push(decoder.decode());
    yield* parser.end();
  } finally {
    // Stops the download when the reader leaves early (a final state, an abort).
    await reader.cancel().catch(() => {});
  }
}
