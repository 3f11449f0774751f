import { formatPacificDate } from '@/lib/time.ts';

/** A YYYY-MM-DD calendar date as the app shows dates ("Mar 17, 2026"), read at noon so no zone moves it. */
export const formatDay = (date: string) => formatPacificDate(`${date}T12:00:00Z`);
