/**
 * The handover from the server's first screen to the app (docs/decisions/hydrated-first-screen.md).
 * Until the app has hydrated the page, the page is the server's markup without handlers, and people
 * on a slow phone use it anyway: they type, and they tap Login. index.html's first script holds a
 * form's submit (the browser never sends it, so a password never lands in a URL) and marks the
 * buttons as not ready; here the app takes over what they did:
 * - what was typed stays: every field changed before the app ran is recorded, and given back to
 *   the app's own handlers once it has hydrated (React keeps a field's text, but a form library
 *   writes its default values into the fields it registers, and a controlled field's state starts
 *   empty);
 * - a held submit is sent again, now to the app's handler (the sign-in the person asked for);
 * - the buttons lose their not-ready marks.
 */

/** What index.html's first script leaves on `window` (keep both in step). */
interface HeldSubmit {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}
declare global {
  interface Window {
    __heldSubmit?: HeldSubmit | null;
  }
}

/** The class index.html puts on <html> until the app has taken over. */
export const APP_PENDING_CLASS = 'app-pending';
/** The attribute index.html puts beside the aria-disabled it adds to buttons. */
const UNTIL_APP = 'data-until-app';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** Fields whose value the browser cannot be given back or the app does not track as text. */
const NOT_TEXT = new Set(['checkbox', 'radio', 'submit', 'reset', 'button', 'image', 'hidden']);

function isField(target: EventTarget | null): target is Field {
  return (
    (target instanceof HTMLInputElement && !NOT_TEXT.has(target.type)) ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/** The value a field had in the server's markup. */
function markupValue(field: Field): string {
  if (field instanceof HTMLSelectElement) {
    const options = [...field.options];
    return (options.find((o) => o.defaultSelected) ?? options[0])?.value ?? '';
  }
  return field.defaultValue;
}

type Typed = string | FileList;

function typedValue(field: Field): Typed | null {
  if (field instanceof HTMLInputElement && field.type === 'file')
    return field.files && field.files.length > 0 ? field.files : null;
  return field.value !== markupValue(field) ? field.value : null;
}

/**
 * Gives `value` back to `field` so that React hears it: the value is first set through the element's
 * own property (React's tracker then holds another value), then through the prototype's setter, and
 * an input (select, file: change) event follows, as when a person types.
 */
function giveBack(field: Field, value: Typed): void {
  if (typeof value !== 'string') {
    (field as HTMLInputElement).files = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (field instanceof HTMLSelectElement) {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  field.value = value === '' ? ' ' : '';
  const prototype = Object.getPrototypeOf(field) as object;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setValue) setValue.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Starts recording what is typed into the fields of `root` (call it just before the app hydrates
 * it; what was typed earlier is still in the fields). Returns the handover, to run once the app has
 * hydrated the page (a layout effect: before the browser paints the app's first frame).
 */
export function startHandover(root: HTMLElement, doc: Document = document): () => void {
  const typed = new Map<Field, Typed>();
  const record = (target: EventTarget | null) => {
    if (!isField(target) || !root.contains(target)) return;
    const value = typedValue(target);
    if (value === null) typed.delete(target);
    else typed.set(target, value);
  };
  for (const field of root.querySelectorAll('input, textarea, select')) record(field);
  const onEdit = (event: Event) => record(event.target);
  doc.addEventListener('input', onEdit, true);
  doc.addEventListener('change', onEdit, true);

  let done = false;
  return () => {
    if (done) return; // StrictMode runs a layout effect twice in development
    done = true;
    doc.removeEventListener('input', onEdit, true);
    doc.removeEventListener('change', onEdit, true);
    doc.documentElement.classList.remove(APP_PENDING_CLASS);
    for (const button of doc.querySelectorAll(`[${UNTIL_APP}]`)) {
      button.removeAttribute('aria-disabled');
      button.removeAttribute(UNTIL_APP);
    }
    for (const [field, value] of typed) {
      if (!field.isConnected) continue;
      const now = typedValue(field);
      // Given back even when the field still shows it: a controlled field's state does not.
      if (typeof value === 'string' || now !== value) giveBack(field, value);
    }
    const held = window.__heldSubmit;
    window.__heldSubmit = null;
    if (held) {
      held.submitter?.removeAttribute('aria-busy');
      if (held.form.isConnected) {
        const submitter = held.submitter && held.form.contains(held.submitter) ? held.submitter : null;
        held.form.requestSubmit(submitter);
      }
    }
  };
}
