import type { AddressedEvent } from './types.js';

export type EventListener = (event: AddressedEvent) => void;

/**
 * Where live events travel from the store's writes to the open streams. One API process uses the
 * in-process bus below; several instances on MongoDB would feed the same interface from a change
 * stream (docs/decisions/live-events.md).
 */
export interface EventBus {
  publish(event: AddressedEvent): void;
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
