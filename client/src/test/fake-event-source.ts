/**
 * Stands in for the browser's EventSource (jsdom has none): records every one made, in
 * `FakeEventSource.all`, and lets a test open, feed and drop it.
 */
export class FakeEventSource {
  static all: FakeEventSource[] = [];

  onopen: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent<string>) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  emit(data: unknown, id: string) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data), lastEventId: id }));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  /** The query the stream was opened with (token, lastEventId). */
  query(): Record<string, string> {
    return Object.fromEntries(new URL(this.url).searchParams);
  }
}
