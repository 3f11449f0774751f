import { ADMIN, AUTH } from '@canopy/shared';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema/index.ts';
import { authorize } from '../src/http/access.ts';
import type { Access } from '../src/http/route-table.ts';
import type { AppError } from '../src/lib/errors.ts';

// The access levels of the route table against every kind of caller. The outcome is the status the
// caller gets (200 = passes).

const caller = (role: UserRow['role'], status: UserRow['status']) => ({
  sessionId: 's',
  user: { role, status } as UserRow,
});

const callers = {
  signedOut: null,
  pendingSeller: caller('seller', 'pending'),
  suspendedBuyer: caller('buyer', 'suspended'),
  rejectedSeller: caller('seller', 'rejected'),
  buyer: caller('buyer', 'verified'),
  seller: caller('seller', 'verified'),
  admin: caller('admin', 'verified'),
};

const expected: Record<Access, Record<keyof typeof callers, number>> = {
  public: {
    signedOut: 200,
    pendingSeller: 200,
    suspendedBuyer: 200,
    rejectedSeller: 200,
    buyer: 200,
    seller: 200,
    admin: 200,
  },
  session: {
    signedOut: 401,
    pendingSeller: 200,
    suspendedBuyer: 200,
    rejectedSeller: 200,
    buyer: 200,
    seller: 200,
    admin: 200,
  },
  verified: {
    signedOut: 401,
    pendingSeller: 403,
    suspendedBuyer: 403,
    rejectedSeller: 403,
    buyer: 200,
    seller: 200,
    admin: 200,
  },
  seller: {
    signedOut: 401,
    pendingSeller: 403,
    suspendedBuyer: 403,
    rejectedSeller: 403,
    buyer: 403,
    seller: 200,
    admin: 403,
  },
  buyer: {
    signedOut: 401,
    pendingSeller: 403,
    suspendedBuyer: 403,
    rejectedSeller: 403,
    buyer: 200,
    seller: 403,
    admin: 403,
  },
  admin: {
    signedOut: 401,
    pendingSeller: 403,
    suspendedBuyer: 403,
    rejectedSeller: 403,
    buyer: 403,
    seller: 403,
    admin: 200,
  },
};

function outcome(access: Access, who: keyof typeof callers): number {
  try {
    authorize(access, callers[who]);
    return 200;
  } catch (error) {
    return (error as AppError).status;
  }
}

describe('authorize', () => {
  for (const [access, row] of Object.entries(expected) as [Access, Record<keyof typeof callers, number>][]) {
    it(`applies '${access}' to every kind of caller`, () => {
      const seen = Object.fromEntries(
        Object.keys(row).map((who) => [who, outcome(access, who as keyof typeof callers)]),
      );
      expect(seen).toEqual(row);
    });
  }

  it('names the reason in its text', () => {
    const texts = (access: Access, who: keyof typeof callers) => {
      try {
        authorize(access, callers[who]);
        return '';
      } catch (error) {
        return (error as AppError).message;
      }
    };
    expect(texts('session', 'signedOut')).toBe(AUTH.signInRequired);
    expect(texts('verified', 'pendingSeller')).toBe(AUTH.notVerified);
    expect(texts('seller', 'buyer')).toBe(AUTH.forbidden);
    expect(texts('admin', 'seller')).toBe(ADMIN.accessDenied);
  });
});
