import { describe, expect, it } from 'vitest';
import { DEALS } from './deals/texts.ts';
import { FAILURE_CODES, FAILURE_TEXTS, failureCodeOf, STATUS_FAILURE_CODES } from './failure-codes.ts';
import { GENERIC } from './texts.ts';

describe('failure codes', () => {
  it('gives each known text exactly one code', () => {
    const texts = Object.values(FAILURE_TEXTS);
    const repeated = texts.filter((text, index) => texts.indexOf(text) !== index);
    expect(repeated).toEqual([]);
  });

  it('are lower snake case and listed once each', () => {
    for (const code of FAILURE_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(new Set(FAILURE_CODES).size).toBe(FAILURE_CODES.length);
  });

  it('names a known text by its code whatever the status, and anything else by its status', () => {
    expect(failureCodeOf(409, DEALS.notEnoughQuantity)).toBe('quantity_unavailable');
    expect(failureCodeOf(404, GENERIC.notFound)).toBe('not_found');
    expect(failureCodeOf(400, 'Title is required')).toBe(STATUS_FAILURE_CODES[400]);
    expect(failureCodeOf(418, 'teapot')).toBe('invalid_input');
    expect(failureCodeOf(502, 'upstream')).toBe('internal');
  });
});
