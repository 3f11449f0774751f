import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { HelpPage } from './help-page.tsx';

afterEach(() => {
  window.__CANOPY__ = undefined;
});

describe('HelpPage', () => {
  test('the contact address is the ADMIN_EMAIL the server passed to the browser', () => {
    // What the server's browser-config script sets before the app starts.
    window.__CANOPY__ = { adminEmail: 'support@canopy.example' };
    render(
      <MemoryRouter>
        <HelpPage />
      </MemoryRouter>,
    );

    const contact = screen.getByRole('link', { name: 'support@canopy.example' });
    expect(contact.getAttribute('href')).toBe('mailto:support@canopy.example');
  });
});
