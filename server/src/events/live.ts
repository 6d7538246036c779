import type { Logger } from 'pino';
import { InProcessEventBus, type EventBus } from './bus.js';
import { eventsOf, watches } from './mapper.js';
import type { ChangeObserver } from './observed-store.js';
import { EventStreams, type StreamOptions } from './streams.js';

/** The live-event pieces of one app: store changes → domain events → bus → open streams. */
export interface LiveEvents {
  bus: EventBus;
  streams: EventStreams;
  /** Give it to observedStore: every watched write becomes its events on the bus. */
  observer: ChangeObserver;
}

/** `shared`: the bus every instance shares (cluster/shared.ts); default: this process only. */
export function createLiveEvents(
  deps: { logger: Logger },
  options: StreamOptions = {},
  shared?: EventBus,
): LiveEvents {
  const bus =
    shared ?? new InProcessEventBus((err) => deps.logger.error({ err }, 'live event listener failed'));
  const streams = new EventStreams(bus, options);
  const observer: ChangeObserver = {
    watches,
    changed(change) {
      for (const event of eventsOf(change)) bus.publish(event);
    },
  };
  return { bus, streams, observer };
}
