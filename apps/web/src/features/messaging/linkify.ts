// Web addresses in a message become links; everything else stays text (decision 134). The parts
// are rendered as React text nodes and anchors, never as HTML, so a message cannot inject markup.

export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** An http(s) address up to whitespace or a character that cannot be in one unescaped. */
const ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence around an address rather than belonging to it. */
const TRAILING = /[.,;:!?*]+$/;

/** Drops trailing punctuation, and a closing bracket that has no opening one inside the address. */
function trimAddress(candidate: string): string {
  let address = candidate;
  for (;;) {
    const trimmed = address.replace(TRAILING, '');
    const last = trimmed.at(-1);
    const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
    const opener = last ? pairs[last] : undefined;
    if (opener && trimmed.split(opener).length <= trimmed.split(last as string).length - 1) {
      address = trimmed.slice(0, -1);
      continue;
    }
    return trimmed;
  }
}

/** The address as a link target, or null unless it parses as http(s) with a host. */
function linkTarget(address: string): string | null {
  try {
    const url = new URL(address);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** Splits a message into text and http(s) links, in order; joined, the parts' texts are the message. */
export function splitMessageLinks(content: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let rest = 0;
  const pushText = (text: string) => {
    if (!text) return;
    const previous = parts.at(-1);
    if (previous?.kind === 'text') previous.text += text;
    else parts.push({ kind: 'text', text });
  };
  for (const match of content.matchAll(ADDRESS)) {
    const address = trimAddress(match[0]);
    const href = linkTarget(address);
    if (!href) continue;
    pushText(content.slice(rest, match.index));
    parts.push({ kind: 'link', text: address, href });
    rest = match.index + address.length;
  }
  pushText(content.slice(rest));
  return parts;
}
