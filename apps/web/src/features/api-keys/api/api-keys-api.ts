import { apiKeyAddresses, type CreateApiKey, DISPLAY_TIME_ZONE } from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-call.ts';

// The company page's API key calls (issue 24), typed by the routes' shared contracts.

export const apiKeyKeys = { all: ['api-keys'] as const };

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: apiKeyKeys.all,
    queryFn: async ({ signal }) => (await call(apiKeyAddresses.list, { signal })).data,
  });

export const createApiKey = (input: CreateApiKey) => call(apiKeyAddresses.create, { body: input });

export const revokeApiKey = (id: string) => call(apiKeyAddresses.revoke, { params: { id } });

const pacificWallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISPLAY_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * The last second of a Pacific calendar day (YYYY-MM-DD) as an instant: a key "expiring on June 5"
 * works through June 5 in California, wherever the person choosing it sits.
 */
export function endOfPacificDay(day: string): string {
  const guess = new Date(`${day}T23:59:59Z`);
  const parts = Object.fromEntries(
    pacificWallClock.formatToParts(guess).map((part) => [part.type, part.value]),
  );
  const shown = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  // The guess read in Pacific time is behind by the zone's offset that day; move it forward by that.
  return new Date(guess.getTime() + (guess.getTime() - shown)).toISOString();
}
