// The words of the licenses screens beyond the shared contract's (COMPANY_LICENSES).

export const LICENSE_TEXTS = {
  loading: 'Loading licenses',
  loadFailed: 'Could not load the licenses. Please try again.',
  addFailed: 'Could not add the license. Please try again.',
  decideFailed: 'Could not save the decision. Please try again.',
  addButton: 'Add license',
  cancel: 'Cancel',
  submit: 'Add license',
  submitting: 'Adding…',
  licenseNumber: 'License number',
  licenseType: 'License type',
  licenseTypePlaceholder: 'Select a license type',
  document: 'License document',
  documentHint: 'PDF, PNG or JPG, up to 10 MB. Our team checks it with the state registry.',
  reviewTitle: 'Added licenses waiting for review',
  reviewEmpty: 'No added license is waiting for review.',
  approve: 'Approve',
  reject: 'Reject',
  reason: 'Reason',
  reasonHint: 'Needed to reject, and to approve when the registry check is not clear.',
  registryClear: 'Registry check clear',
  registryFlags: (flags: string[]) => `Registry check: ${flags.join(', ').replaceAll('_', ' ')}`,
  premises: (address: { street: string; city: string; county: string }) =>
    `${address.street}, ${address.city} (${address.county} County)`,
} as const;
