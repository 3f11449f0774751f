import { PAGE_ANSWERS_ELEMENT_ID } from '@canopy/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The answers a page was sent with (decision 180) are read from its data block once, and each is
// handed out once.

const load = async () => (await import('./page-answers.ts')).takePageAnswer;
const withBlock = (text: string) => {
  document.body.innerHTML = `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${text}</script>`;
};

beforeEach(() => {
  vi.resetModules();
  document.body.innerHTML = '';
});

describe('takePageAnswer', () => {
  it('hands out each answer once, by the call’s exact address', async () => {
    withBlock(
      JSON.stringify({ '/api/products?page=1&limit=12': { data: ['lot'] }, '/api/products/1': { n: 1 } }),
    );
    const take = await load();
    expect(take('/api/products?limit=12&page=1')).toBeUndefined();
    expect(take('/api/products?page=1&limit=12')).toEqual({ data: ['lot'] });
    expect(take('/api/products?page=1&limit=12')).toBeUndefined();
    expect(take('/api/products/1')).toEqual({ n: 1 });
  });

  it('reads the block once: an answer added to the page later is not one it was sent with', async () => {
    const take = await load();
    expect(take('/api/products/1')).toBeUndefined();
    withBlock(JSON.stringify({ '/api/products/1': { n: 1 } }));
    expect(take('/api/products/1')).toBeUndefined();
  });

  it('a page without answers, or with a block it cannot read, makes its calls as usual', async () => {
    withBlock('{"/api/products/1": ');
    expect((await load())('/api/products/1')).toBeUndefined();
  });
});
