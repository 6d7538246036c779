/**
 * The handover (handover.ts) with every kind of field a form may have: whatever a person typed,
 * picked, ticked or chose in the server's markup before the app ran is the form's own state once the
 * app has hydrated it (react-hook-form writes its defaults into the fields it registers, and a file
 * set from an onChange starts empty), and the submit held meanwhile sends all of it.
 */
import { act, useLayoutEffect } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { afterEach, expect, it, vi } from 'vitest';
import { startHandover } from './handover';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Values {
  name: string;
  password: string;
  about: string;
  section: string;
  newsletter: boolean;
  plan: string;
  photo: File | null;
}

const DEFAULTS: Values = {
  name: '',
  password: '',
  about: '',
  section: 'news',
  newsletter: false,
  plan: 'monthly',
  photo: null,
};

/** A form as the app writes them, reporting what it sends; `onShown` runs once it is on the page. */
function EveryField({ onSent, onShown }: { onSent: (values: Values) => void; onShown: () => void }) {
  const { register, handleSubmit, setValue, watch } = useForm<Values>({ defaultValues: DEFAULTS });
  useLayoutEffect(onShown, [onShown]);
  const photo = watch('photo');
  return (
    <form method="post" onSubmit={handleSubmit(onSent)}>
      <input aria-label="Name" {...register('name')} />
      <input aria-label="Password" type="password" {...register('password')} />
      <textarea aria-label="About" {...register('about')} />
      <select aria-label="Section" {...register('section')}>
        <option value="news">News</option>
        <option value="sport">Sport</option>
      </select>
      <input aria-label="Newsletter" type="checkbox" {...register('newsletter')} />
      <input aria-label="Monthly" type="radio" value="monthly" {...register('plan')} />
      <input aria-label="Yearly" type="radio" value="yearly" {...register('plan')} />
      <input
        aria-label="Photo"
        type="file"
        onChange={(e) => setValue('photo', e.target.files?.[0] ?? null)}
      />
      <span data-testid="photo-name">{photo ? photo.name : 'Choose a photo'}</span>
      <button type="submit">Send</button>
    </form>
  );
}

let root: Root | null = null;
let container: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  window.__heldSubmit = null;
});

const field = <T extends HTMLElement>(label: string) =>
  container!.querySelector<T>(`[aria-label="${label}"]`)!;

it('gives every kind of field back to the form, and the held submit sends them all', async () => {
  const noop = () => {};
  container = document.createElement('div');
  container.innerHTML = renderToString(<EveryField onSent={noop} onShown={noop} />);
  document.body.append(container);

  // The person fills the server's markup, then taps Send (index.html holds the submit).
  const photo = new File([new Uint8Array(8)], 'portrait.png', { type: 'image/png' });
  field<HTMLInputElement>('Name').value = 'Ada';
  field<HTMLInputElement>('Password').value = 'Secret!234';
  field<HTMLTextAreaElement>('About').value = 'Two lines\nof text';
  field<HTMLSelectElement>('Section').value = 'sport';
  field<HTMLInputElement>('Newsletter').checked = true;
  field<HTMLInputElement>('Yearly').checked = true;
  // jsdom cannot build a FileList; what a browser's file chooser leaves on the field.
  const files = Object.assign([photo], { item: (i: number) => (i === 0 ? photo : null) });
  Object.defineProperty(field('Photo'), 'files', { value: files, writable: true });
  window.__heldSubmit = {
    form: container.querySelector('form')!,
    submitter: container.querySelector('button'),
  };

  const sent = vi.fn();
  const handover = startHandover(container);
  await act(async () => {
    root = hydrateRoot(container!, <EveryField onSent={sent} onShown={handover} />);
  });

  await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
  expect(sent.mock.calls[0]![0]).toEqual({
    name: 'Ada',
    password: 'Secret!234',
    about: 'Two lines\nof text',
    section: 'sport',
    newsletter: true,
    plan: 'yearly',
    photo,
  });
  expect(container.querySelector('[data-testid="photo-name"]')!.textContent).toBe('portrait.png');
  expect(field<HTMLInputElement>('Newsletter').checked).toBe(true);
  expect(field<HTMLInputElement>('Yearly').checked).toBe(true);
  expect(field<HTMLInputElement>('Monthly').checked).toBe(false);
});
