import { cn } from '@/lib/cn.ts';
import { splitMessageLinks } from '../linkify.ts';

/**
 * A message's text with its http(s) addresses as links (decision 134). Text goes in as React text
 * nodes only; a link opens in a new tab, tells the other site nothing about the page or its
 * opener, and is marked nofollow since its author, not Canopy, vouches for it.
 */
export function MessageText({ content, own }: { content: string; own: boolean }) {
  return splitMessageLinks(content).map((part, index) =>
    part.kind === 'text' ? (
      part.text
    ) : (
      <a
        // The parts of one message never reorder, so their position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        key={index}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className={cn('break-all underline', own ? 'text-white hover:text-brand-50' : 'text-brand-800')}
      >
        {part.text}
      </a>
    ),
  );
}
