import type { EventListener, EventSource } from './bus.js';
import type { DomainEvents } from './domain.js';
import { liveEventsOf } from './mapper.js';
import { EventStreams, type StreamOptions } from './streams.js';

/** The live-event pieces of one app: domain events → live events → open streams. */
export interface LiveEvents {
  /** Live events as they happen, with who may receive each (the site follows them too). */
  bus: EventSource;
  streams: EventStreams;
}

/**
 * The live events of the domain events this instance learns, in their order. With a shared log each
 * takes the log entry's id (a second live event of one domain event gets `<id>:1`), so ids are the
 * same on every instance and a browser resumes anywhere.
 */
export function liveEventsFrom(domain: DomainEvents & { startId?: string }): EventSource {
  return {
    get startId() {
      return domain.startId;
    },
    subscribe(listener: EventListener) {
      return domain.subscribe((event, id) => {
        liveEventsOf(event).forEach((live, i) => listener(live, id && (i ? `${id}:${i}` : id)));
      });
    },
  };
}

export function createLiveEvents(
  domain: DomainEvents & { startId?: string },
  options: StreamOptions = {},
): LiveEvents {
  const bus = liveEventsFrom(domain);
  return { bus, streams: new EventStreams(bus, options) };
}
