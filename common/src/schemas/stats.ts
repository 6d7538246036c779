import { z } from 'zod';
import { VIEW_HISTORY_DEFAULT_DAYS, VIEW_HISTORY_MAX_DAYS } from '../limits.js';

/** ?days= of the view charts: 1 to VIEW_HISTORY_MAX_DAYS whole days, VIEW_HISTORY_DEFAULT_DAYS by default. */
export const viewStatsQuerySchema = z
  .object({
    days: z
      .string()
      .regex(/^\d{1,3}$/, 'days must be a whole number')
      .default(String(VIEW_HISTORY_DEFAULT_DAYS))
      .transform(Number)
      .pipe(z.number().min(1).max(VIEW_HISTORY_MAX_DAYS, `days must be at most ${VIEW_HISTORY_MAX_DAYS}`)),
  })
  .strict();
