import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithSession } from '@/test/session.tsx';
import { AddLicenseDialog } from './add-license-dialog.tsx';

describe('adding a license', () => {
  test('a form without its number, type or document is refused in the API’s words and sends nothing', async () => {
    await renderWithSession(<AddLicenseDialog open onClose={() => {}} />, 'seller');
    const send = vi.fn();
    vi.stubGlobal('fetch', send);
    fireEvent.click(screen.getByRole('button', { name: 'Add license' }));

    await screen.findByText('License document is required');
    expect(screen.getByText('License number is required')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  test('a complete form is sent as multipart with the address as JSON', async () => {
    await renderWithSession(<AddLicenseDialog open onClose={() => {}} />, 'seller');
    const send = vi.fn((_address: RequestInfo | URL, _init?: RequestInit) =>
      Promise.reject(new TypeError('offline')),
    );
    vi.stubGlobal('fetch', send);
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
    type('License number', 'C11-0000123-LIC');
    type('License type', 'Adult-Use Distribution');
    type('Street address', '9 Depot Road');
    type('City', 'Eureka');
    type('County', 'Humboldt');
    type('ZIP code', '95501');
    const document = new File(['%PDF-1.4'], 'license.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('License document', { exact: false }), {
      target: { files: [document] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add license' }));

    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(String(send.mock.calls[0]?.[0])).toContain('/api/company/licenses');
    const body = send.mock.calls[0]?.[1]?.body as FormData;
    expect(body.get('licenseNumber')).toBe('C11-0000123-LIC');
    expect(JSON.parse(String(body.get('address')))).toEqual({
      street: '9 Depot Road',
      city: 'Eureka',
      county: 'Humboldt',
      state: 'CA',
      zipCode: '95501',
    });
    expect((body.get('licenseDocument') as File).name).toBe('license.pdf');
  });
});
