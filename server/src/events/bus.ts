import type { AddressedEvent } from './types.js';

/** `id`: the event's id in a log every instance shares (cluster/); absent with one process. */
export type EventListener = (event: AddressedEvent, id?: string) => void;

/**
 * Where live events travel from the store's writes to the open streams. One API process uses the
 * in-process bus below; several instances share a log in Redis (cluster/shared-bus.ts).
 */
export interface EventBus {
  publish(event: AddressedEvent): void;
  /** With a shared log: the id before the first event this instance will deliver. */
  readonly startId?: string;
  /** Returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
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
