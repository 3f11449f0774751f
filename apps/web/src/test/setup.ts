import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test starts from an empty document and storage; Testing Library unmounts what it rendered.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
