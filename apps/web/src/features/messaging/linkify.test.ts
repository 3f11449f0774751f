import { describe, expect, test } from 'vitest';
import { splitMessageLinks } from './linkify.ts';

const links = (content: string) =>
  splitMessageLinks(content)
    .filter((part) => part.kind === 'link')
    .map((part) => part.text);

describe('splitMessageLinks', () => {
  test('plain text is one text part', () => {
    expect(splitMessageLinks('No links here.')).toEqual([{ kind: 'text', text: 'No links here.' }]);
    expect(splitMessageLinks('')).toEqual([]);
  });

  test('finds http and https addresses among the words, keeping every character of the message', () => {
    const content = 'COA at https://lab.example.com/coa?id=7&lot=2 and http://example.org/x, thanks';
    const parts = splitMessageLinks(content);
    expect(parts).toEqual([
      { kind: 'text', text: 'COA at ' },
      {
        kind: 'link',
        text: 'https://lab.example.com/coa?id=7&lot=2',
        href: 'https://lab.example.com/coa?id=7&lot=2',
      },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://example.org/x', href: 'http://example.org/x' },
      { kind: 'text', text: ', thanks' },
    ]);
    expect(parts.map((part) => part.text).join('')).toBe(content);
  });

  test('sentence punctuation and unmatched brackets after an address are not part of it', () => {
    expect(links('See https://example.com.')).toEqual(['https://example.com']);
    expect(links('(see https://example.com/a)')).toEqual(['https://example.com/a']);
    expect(links('https://en.wikipedia.org/wiki/Hemp_(disambiguation)!')).toEqual([
      'https://en.wikipedia.org/wiki/Hemp_(disambiguation)',
    ]);
  });

  test('only http(s) becomes a link: script, data and mail addresses stay text', () => {
    for (const content of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'mailto:a@example.com',
      'ftp://example.com/file',
      'xhttps://example.com',
    ]) {
      expect(links(content)).toEqual([]);
    }
  });

  test('markup next to an address stays text, and the link target is the parsed address', () => {
    const parts = splitMessageLinks('<a href="https://evil.example/">x</a> HTTPS://Example.COM/Path');
    expect(parts.filter((part) => part.kind === 'link')).toEqual([
      { kind: 'link', text: 'https://evil.example/', href: 'https://evil.example/' },
      { kind: 'link', text: 'HTTPS://Example.COM/Path', href: 'https://example.com/Path' },
    ]);
    expect(parts.map((part) => part.text).join('')).toBe(
      '<a href="https://evil.example/">x</a> HTTPS://Example.COM/Path',
    );
  });

  test('an address without a host is text', () => {
    expect(links('http:// nothing')).toEqual([]);
  });
});
