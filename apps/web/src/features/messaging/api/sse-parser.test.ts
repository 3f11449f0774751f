import { describe, expect, test } from 'vitest';
import { type ServerSentEvent, SseParser } from './sse-parser.ts';

function parse(...chunks: string[]) {
  const events: ServerSentEvent[] = [];
  const retries: number[] = [];
  const parser = new SseParser({ onEvent: (event) => events.push(event), onRetry: (ms) => retries.push(ms) });
  for (const chunk of chunks) parser.push(chunk);
  return { events, retries };
}

describe('SseParser', () => {
  test('an event is dispatched at the blank line, named by event: and carrying its data', () => {
    const { events } = parse('event: message\ndata: {"id":1}\n\n');
    expect(events).toEqual([{ event: 'message', data: '{"id":1}' }]);
  });

  test('an event without a name is a "message"; several data lines join with newlines', () => {
    const { events } = parse('data: first\ndata: second\n\n');
    expect(events).toEqual([{ event: 'message', data: 'first\nsecond' }]);
  });

  test('nothing is dispatched before the blank line that ends the event', () => {
    expect(parse('event: read\ndata: x\n').events).toEqual([]);
  });

  test('any chunking gives the same events, also a CRLF split between two chunks', () => {
    const whole = 'event: a\r\ndata: 1\r\n\r\nevent: b\r\ndata: 2\r\n\r\n';
    const expected = [
      { event: 'a', data: '1' },
      { event: 'b', data: '2' },
    ];
    for (let cut = 1; cut < whole.length; cut += 1) {
      expect(parse(whole.slice(0, cut), whole.slice(cut)).events).toEqual(expected);
    }
    expect(parse(...whole.split('')).events).toEqual(expected);
  });

  test('lone CR line endings work as well as LF; a CR that ends a chunk waits for the next one', () => {
    // The last CR may be the first half of a CRLF, so the blank line is only known to be one later.
    expect(parse('data: x\r\r').events).toEqual([]);
    expect(parse('data: x\r\r', 'data: y\r\r').events).toEqual([{ event: 'message', data: 'x' }]);
  });

  test('comments (the heartbeat) and events without data are ignored', () => {
    expect(parse(': heartbeat\n\nevent: ping\n\n').events).toEqual([]);
  });

  test('only one space after the colon is dropped; a field without a colon has an empty value', () => {
    expect(parse('data:  two spaces\n\ndata\n\n').events).toEqual([
      { event: 'message', data: ' two spaces' },
      { event: 'message', data: '' },
    ]);
  });

  test('the event name does not leak into the next event', () => {
    expect(parse('event: read\ndata: 1\n\ndata: 2\n\n').events).toEqual([
      { event: 'read', data: '1' },
      { event: 'message', data: '2' },
    ]);
  });

  test('retry: passes a whole number of milliseconds on and ignores anything else', () => {
    expect(parse('retry: 5000\n\nretry: soon\n\nretry: 1.5\n\n').retries).toEqual([5000]);
  });
});
