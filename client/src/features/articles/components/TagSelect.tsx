import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useHydrated } from '@/lib/hydration';
import { whenIdle } from '@/lib/when-idle';
import { firstTagMatching } from '../tags';
import type { TagSelectControlProps, TagSelectProps } from './TagSelectControl';

type Control = ComponentType<TagSelectControlProps>;
let loaded: Control | null = null;
let loading: Promise<Control> | null = null;
/** The control's chunk, fetched and evaluated once (a retry after a failure). */
function loadControl(): Promise<Control> {
  loading ??= import('./TagSelectControl').then(
    (m) => (loaded = m.default),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/**
 * The tags multi-select. react-select is a fifth of the all-articles page's code, and setting it up
 * (its evaluation, its render, the styles it adds to the page) was several long tasks on a phone. So
 * the page shows a stand-in drawn like the control, and the control comes in its own chunk: its code
 * is fetched once the page is idle, and it is drawn when the reader reaches for the field (a pointer
 * over it, a tap, the focus) or when there are tags to show. The stand-in is a text field with the
 * control's id (the label names it): once the app runs, what is typed into it carries over to the
 * control, which takes the focus and opens its menu on that text. Before the app runs (the server's
 * markup) it is read-only and says it is not ready yet. Enter on typed text picks the tag it
 * matches at once, as in the control (which is then drawn with it), and sends no form.
 */
export function TagSelect({ placeholder = 'Select tags...', ...props }: TagSelectProps) {
  const hydrated = useHydrated();
  const [Control, setControl] = useState<Control | null>(() => loaded);
  const [wanted, setWanted] = useState(false);
  const [draft, setDraft] = useState('');
  // A reader who tapped or clicked the stand-in finds the control's menu open, as a click on it opens it.
  const [byPointer, setByPointer] = useState(false);
  const show = wanted || props.value.length > 0;
  const live = useRef(true);
  useEffect(() => () => void (live.current = false), []);
  const load = useCallback(() => {
    if (loaded) return setControl(() => loaded);
    loadControl().then(
      (c) => live.current && setControl(() => c),
      () => {}, // the stand-in stays; reaching for it again tries again
    );
  }, []);
  useEffect(() => {
    if (!hydrated || Control) return;
    if (show) return load();
    return whenIdle(load);
  }, [hydrated, Control, show, load]);
  if (hydrated && show && Control)
    return (
      <Control
        {...props}
        placeholder={placeholder}
        initialInput={draft}
        openMenu={byPointer || draft !== ''}
      />
    );
  // Only the focus swaps the stand-in for the control: swapped under a pointer still pressing, the
  // press would focus nothing.
  const reach = () => {
    setByPointer(true);
    if (!Control) load();
  };
  const want = () => setWanted(true);
  return (
    <div
      className="flex min-h-10 items-center rounded border border-rule bg-surface focus-within:ring-2 focus-within:ring-accent/40"
      data-testid="tag-select-standin"
      onPointerEnter={hydrated && !Control ? load : undefined}
      onPointerDown={hydrated ? reach : undefined}
    >
      <input
        id={props.inputId}
        readOnly={!hydrated}
        aria-busy={!hydrated || wanted ? 'true' : undefined}
        aria-disabled={hydrated ? undefined : 'true'}
        autoComplete="off"
        // The tags already picked, until the control that shows them is drawn.
        placeholder={props.value.length > 0 ? props.value.map((t) => t.label).join(', ') : placeholder}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          want();
        }}
        onFocus={hydrated ? want : undefined}
        onKeyDown={(e) => {
          // As in the control: Enter on typed text picks the first tag it matches (the text is
          // used up), and sends no form.
          if (e.key !== 'Enter' || draft === '') return;
          e.preventDefault();
          const tag = firstTagMatching(draft);
          if (tag && !props.value.some((v) => v.value === tag.value)) props.onChange([...props.value, tag]);
          setDraft('');
        }}
        className={`min-w-0 flex-1 bg-transparent px-2.5 py-0.5 text-base text-ink placeholder:text-muted focus:outline-none ${hydrated ? '' : 'cursor-progress'}`}
      />
      <span aria-hidden="true" className="my-2 w-px self-stretch bg-rule" />
      <svg aria-hidden="true" viewBox="0 0 20 20" className="m-2 size-5 text-muted" fill="currentColor">
        <path d="M4.516 7.548c0.436-0.446 1.043-0.481 1.576 0l3.908 3.747 3.908-3.747c0.533-0.481 1.141-0.446 1.574 0 0.436 0.445 0.408 1.197 0 1.615-0.406 0.418-4.695 4.502-4.695 4.502-0.217 0.223-0.502 0.335-0.787 0.335s-0.57-0.112-0.789-0.335c0 0-4.287-4.084-4.695-4.502s-0.436-1.17 0-1.615z" />
      </svg>
    </div>
  );
}
