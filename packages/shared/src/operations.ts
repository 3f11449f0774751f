// Texts of runtime operations that a person reads: the answer while a dependency is down.

export const OPERATIONS = {
  unavailable: 'Service temporarily unavailable. Please try again shortly.',
} as const;
