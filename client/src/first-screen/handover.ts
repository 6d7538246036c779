/**
 * The handover from the server's first screen to the app (docs/decisions/hydrated-first-screen.md).
 * Until the app has hydrated the page, the page is the server's markup without handlers, and people
 * on a slow phone use it anyway: they type, and they tap Login. index.html's first script holds a
 * form's submit (the browser never sends it, so a password never lands in a URL) and marks the
 * buttons as not ready; here the app takes over what they did:
 * - what was typed, chosen or ticked stays (text, lists, checkboxes and radios, a photo's file):
 *   every field changed before the app ran is recorded, and given back to the app's own handlers
 *   once it has hydrated (React keeps the element and what it holds, but a form library writes its
 *   default values into the fields it registers, and the app's state of a field starts empty: a
 *   file chosen early was on the page, yet the registration form said the photo was missing);
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
/** Inputs that hold nothing a person gives: buttons and hidden values. */
const NOT_FIELDS = new Set(['submit', 'reset', 'button', 'image', 'hidden']);
const CHECKABLE = new Set(['checkbox', 'radio']);

function isField(target: EventTarget | null): target is Field {
  return (
    (target instanceof HTMLInputElement && !NOT_FIELDS.has(target.type)) ||
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

/** What a person gave a field: the text typed or chosen, the files chosen, whether it is ticked. */
type Given = string | FileList | boolean;

/** What the person gave `field`, or null when it is as the server's markup had it. */
function givenTo(field: Field): Given | null {
  if (field instanceof HTMLInputElement && field.type === 'file')
    return field.files && field.files.length > 0 ? field.files : null;
  if (field instanceof HTMLInputElement && CHECKABLE.has(field.type))
    return field.checked !== field.defaultChecked ? field.checked : null;
  return field.value !== markupValue(field) ? field.value : null;
}

/**
 * Gives `value` back to `field` as the person's own action would, so that the app's handler hears
 * it even when the field still shows it (a controlled field's state, or react-hook-form's value set
 * from an onChange, starts empty whatever the element holds). React's tracker of an input's value
 * (or ticked state) is first told another one through the element's own property, so the event that
 * follows counts as a change:
 * - text: the value through the prototype's setter, then an `input` event, as when a person types;
 * - a list (select) or files: the value or files, then a `change` event (React hears every one);
 * - a checkbox or radio: a click from the other state, as when a person ticks it.
 */
function giveBack(field: Field, value: Given): void {
  if (typeof value === 'boolean') {
    const box = field as HTMLInputElement;
    box.checked = !value;
    box.click();
    return;
  }
  if (typeof value !== 'string') {
    const input = field as HTMLInputElement;
    if (input.files !== value) input.files = value;
    input.dispatchEvent(new Event('change', { bubbles: true }));
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
  const given = new Map<Field, Given>();
  const record = (target: EventTarget | null) => {
    if (!isField(target) || !root.contains(target)) return;
    const value = givenTo(target);
    if (value === null) given.delete(target);
    else given.set(target, value);
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
    // Given back even when the field still shows it: the app's state of it does not.
    for (const [field, value] of given) if (field.isConnected) giveBack(field, value);
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
