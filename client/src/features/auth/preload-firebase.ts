import { loadFirebase } from '@/lib/load-firebase';

/**
 * Loads Firebase Auth once the reader starts using the page (a focus, a tap, a key), or at once when
 * a field already has the focus: sign-in needs it, and typing an address and a password leaves it
 * time to arrive. Not on idle: evaluating Firebase is a long task that a reader who only looks at
 * the page never needs (and a phone's main thread is busy enough as the page starts). Returns a
 * clean-up.
 */
export function preloadFirebaseOnUse(doc: Document = document): () => void {
  const events = ['focusin', 'pointerdown', 'keydown'] as const;
  const stop = () => events.forEach((type) => doc.removeEventListener(type, start, true));
  function start() {
    stop();
    void loadFirebase().catch((error: unknown) => console.error(error));
  }
  const active = doc.activeElement;
  if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) {
    start();
    return () => {};
  }
  events.forEach((type) => doc.addEventListener(type, start, true));
  return stop;
}
