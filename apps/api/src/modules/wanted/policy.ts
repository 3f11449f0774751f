import { WANTED } from '@canopy/shared';
import { definePolicy } from '../../lib/policy.ts';

// Who may act on one wanted post (issue 25 item 4). Only the buying company that posted it may
// close it; sellers may answer it; nobody else learns that a given post exists. Who may read the
// board at all is the route's access level (verified, of either side), and which posts a reader
// sees is the list's query (a buyer, only their own).

export const wantedPolicy = definePolicy({
  resource: 'wanted post',
  notFound: WANTED.notFound,
  relations: ['owner', 'admin', 'other'],
  rules: {
    close: { owner: 'allow', admin: 'hide', other: 'hide' },
    // `other` is a verified seller: the route admits no one else.
    answer: { owner: 'hide', admin: 'hide', other: 'allow' },
  },
});
