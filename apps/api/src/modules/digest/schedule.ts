import { DISPLAY_TIME_ZONE } from '@canopy/shared';

// When the weekly digest is due (decision 158): from a weekday and hour on California's clock,
// Monday 08:00 by default, whatever the server's own time zone and across daylight saving.

export interface DigestSchedule {
  /** 0 = Sunday … 6 = Saturday, in Pacific time. */
  day: number;
  /** 0–23, in Pacific time. */
  hour: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const pacificParts = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  hourCycle: 'h23',
  weekday: 'short',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

function wallClock(at: Date) {
  const parts = Object.fromEntries(pacificParts.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far Pacific wall-clock time is from UTC at that instant, in ms (negative: behind). */
function pacificOffsetMs(at: Date): number {
  const wall = wallClock(at);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a Pacific wall-clock time happens (the later offset at a daylight-saving seam). */
function fromPacific(year: number, month: number, day: number, hour: number): Date {
  const guess = Date.UTC(year, month - 1, day, hour);
  const first = new Date(guess - pacificOffsetMs(new Date(guess)));
  return new Date(guess - pacificOffsetMs(first));
}

/** The latest digest slot at or before `at`: a user not mailed since then is due. */
export function latestDigestSlot(at: Date, schedule: DigestSchedule): Date {
  const wall = wallClock(at);
  let daysBack = (wall.weekday - schedule.day + 7) % 7;
  if (daysBack === 0 && wall.hour < schedule.hour) daysBack = 7;
  const slot = fromPacific(wall.year, wall.month, wall.day - daysBack, schedule.hour);
  // A slot computed past `at` can only come from a daylight-saving seam; the week before is meant.
  return slot > at ? fromPacific(wall.year, wall.month, wall.day - daysBack - 7, schedule.hour) : slot;
}
