import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { MessageText } from './message-text.tsx';

describe('MessageText', () => {
  test('an http(s) address is a safe link that opens in a new tab; the rest is text', () => {
    const { container } = render(
      <p>
        <MessageText content="Lab results: https://lab.example.com/coa/7. Call me." own={false} />
      </p>,
    );

    const link = screen.getByRole('link', { name: 'https://lab.example.com/coa/7' });
    expect(link.getAttribute('href')).toBe('https://lab.example.com/coa/7');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(container.textContent).toBe('Lab results: https://lab.example.com/coa/7. Call me.');
  });

  test('markup in a message is shown as typed, never made into elements', () => {
    const content = '<img src=x onerror=alert(1)><a href="javascript:alert(1)">click</a> <b>bold</b>';
    const { container } = render(
      <p>
        <MessageText content={content} own />
      </p>,
    );

    expect(container.textContent).toBe(content);
    expect(container.querySelectorAll('img, a, b')).toHaveLength(0);
  });
});
