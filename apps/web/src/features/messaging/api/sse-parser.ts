// A Server-Sent Events parser (the WHATWG "event stream" format) for streams read with fetch():
// EventSource cannot send the Authorization header the API needs. It takes decoded text in any
// chunking, including a CRLF split across two chunks.

export interface ServerSentEvent {
  event: string;
  data: string;
}

export interface SseHandlers {
  onEvent: (event: ServerSentEvent) => void;
  /** The server's `retry:` hint, in milliseconds. */
  onRetry?: (ms: number) => void;
}

export class SseParser {
  private buffer = '';
  private eventName = '';
  private data: string[] = [];

  constructor(private readonly handlers: SseHandlers) {}

  push(text: string): void {
    this.buffer += text;
    let lineStart = 0;
    for (let index = 0; index < this.buffer.length; index += 1) {
      const char = this.buffer[index];
      if (char !== '\n' && char !== '\r') continue;
      // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
      if (char === '\r' && index === this.buffer.length - 1) break;
      this.line(this.buffer.slice(lineStart, index));
      if (char === '\r' && this.buffer[index + 1] === '\n') index += 1;
      lineStart = index + 1;
    }
    this.buffer = this.buffer.slice(lineStart);
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) return; // A comment, e.g. the server's heartbeat.
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventName = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) this.handlers.onRetry?.(Number(value));
  }

  private dispatch(): void {
    const event = { event: this.eventName || 'message', data: this.data.join('\n') };
    const hasData = this.data.length > 0;
    this.eventName = '';
    this.data = [];
    if (hasData) this.handlers.onEvent(event);
  }
}
