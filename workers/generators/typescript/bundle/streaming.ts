// `text/event-stream` responses as an async iterator. The parser follows the WHATWG
// server-sent-events rules: `data:` lines are joined with `\n`, a blank line dispatches,
// lines starting with `:` are comments, and CR, LF and CRLF all end a line.

export interface ServerSentEvent {
  event: string | null;
  data: string;
  id: string | null;
  retry: number | null;
}

export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  let event: string | null = null;
  let id: string | null = null;
  let retry: number | null = null;
  let pendingCR = false;
  const take = function* (line: string): Generator<ServerSentEvent> {
    if (line === '') {
      if (data.length > 0 || event !== null) yield { event, data: data.join('\n'), id, retry };
      data = [];
      event = null;
      retry = null;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id') id = value;
    else if (field === 'retry' && /^[0-9]+$/.test(value)) retry = Number(value);
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      if (pendingCR && buffer.startsWith('\n')) buffer = buffer.slice(1);
      pendingCR = false;
      for (let match = /\r\n|\r|\n/.exec(buffer); match; match = /\r\n|\r|\n/.exec(buffer)) {
        // A CR at the very end may be the first half of a CRLF split across chunks.
        if (match[0] === '\r' && match.index === buffer.length - 1 && !done) pendingCR = true;
        const line = buffer.slice(0, match.index);
        buffer = buffer.slice(match.index + match[0].length);
        yield* take(line);
      }
      if (done) {
        if (buffer !== '') yield* take(buffer);
        yield* take('');
        return;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/** The events of one streaming response; iterate it once with `for await`. */
export class Stream<Item> implements AsyncIterable<Item> {
  readonly response: Response;
  readonly #controller: AbortController;
  readonly #decode: (event: ServerSentEvent) => Item;
  #consumed = false;

  constructor(response: Response, controller: AbortController, decode: (event: ServerSentEvent) => Item) {
    this.response = response;
    this.#controller = controller;
    this.#decode = decode;
  }

  /** Stream items whose `data` is JSON (the conventional `[DONE]` sentinel ends the stream). */
  static json<Item>(response: Response, controller: AbortController): Stream<Item> {
    return new Stream<Item>(response, controller, (event) => JSON.parse(event.data) as Item);
  }

  /** Stream items that are the raw `data` text. */
  static text(response: Response, controller: AbortController): Stream<string> {
    return new Stream<string>(response, controller, (event) => event.data);
  }

  /** The raw events, without decoding. */
  async *events(): AsyncGenerator<ServerSentEvent> {
    if (this.#consumed) throw new Error('A stream can only be iterated once.');
    this.#consumed = true;
    const body = this.response.body;
    if (!body) return;
    let finished = false;
    try {
      for await (const event of readServerSentEvents(body)) {
        if (event.data === '[DONE]') break;
        yield event;
      }
      finished = true;
    } finally {
      if (!finished) this.#controller.abort();
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    for await (const event of this.events()) yield this.#decode(event);
  }

  /** Stops reading and closes the connection. */
  abort(): void {
    this.#controller.abort();
  }
}
