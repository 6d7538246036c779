import type { Clock } from '../clock.js';
import type { Store } from '../store/port.js';
import { createArticleRepository } from './repository.js';
import { VIEW_WINDOW_MS } from './service.js';

/**
 * Deletes the view windows that have ended. A reader's next view of that article counts anyway
 * (an ended window and no window are treated alike), so the `views` collection only ever holds the
 * last 30 minutes of reading instead of growing with every (reader, article) pair.
 */
export async function purgeEndedViewWindows(deps: { store: Store; clock: Clock }): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - VIEW_WINDOW_MS).toISOString();
  return createArticleRepository(deps.store).deleteViewWindowsBefore(cutoff);
}
