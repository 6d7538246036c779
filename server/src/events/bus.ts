import type { AddressedEvent } from './types.js';

/** `id`: the event's id in a log every instance shares (cluster/); absent with one process. */
export type EventListener = (event: AddressedEvent, id?: string) => void;

/**
 * Where live events travel to the open streams. The app's streams read them from the domain events
 * (events/live.ts); the in-process bus below serves tests and tools that publish live events directly.
 */
/** Where the live streams take their events from. */
export interface EventSource {
  /** With a shared log: the id before the first event this instance will deliver. */
  readonly startId?: string;
  /** Returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
}

export interface EventBus extends EventSource {
  publish(event: AddressedEvent): void;
}

export class InProcessEventBus implements EventBus {
  private readonly listeners = new Set<EventListener>();

  constructor(private readonly onListenerError: (err: unknown) => void = () => {}) {}

  publish(event: AddressedEvent): void {
    // Delivered synchronously: the write that caused it has settled and its cached answers are gone.
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        // One failing listener must neither fail the write nor starve the others.
        this.onListenerError(err);
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
