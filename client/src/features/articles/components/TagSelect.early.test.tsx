/**
 * The tag field used before its control (react-select, a chunk of its own) has arrived: on a slow
 * phone a writer types a tag and presses Enter while the stand-in is still on show.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render-screen';
import type { TagOption } from '../tags';
import { TagSelect } from './TagSelect';

/** The control's chunk arrives when the test lets it. */
const chunk = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive: () => arrive() };
});
vi.mock('./TagSelectControl', async (original) => {
  await chunk.arrived;
  return original();
});

function Form({ onSend }: { onSend: () => void }) {
  const [tags, setTags] = useState<TagOption[]>([]);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      <label htmlFor="title">Title</label>
      <input id="title" />
      <label htmlFor="tags">Tags</label>
      <TagSelect inputId="tags" value={tags} onChange={setTags} />
      <output data-testid="chosen">{tags.map((t) => t.value).join(',')}</output>
      <button type="submit">Send</button>
    </form>
  );
}

it('Enter on typed tags before the control arrives picks them at once, and sends no form', async () => {
  const user = userEvent.setup();
  const send = vi.fn();
  renderScreen(<Form onSend={send} />);
  const field = screen.getByLabelText('Tags');
  await user.type(field, 'techno{Enter}sport{Enter}');
  expect(screen.getByTestId('tag-select-standin')).toBeInTheDocument();
  expect(screen.getByTestId('chosen')).toHaveTextContent('technology,sports');
  expect(field).toHaveValue('');
  expect(field).toHaveAttribute('placeholder', 'Technology, Sports');
  expect(send).not.toHaveBeenCalled();

  chunk.arrive();
  // react-select's first import is slow on a busy machine.
  await waitFor(() => expect(screen.queryByTestId('tag-select-standin')).toBeNull(), { timeout: 10_000 });
  const shown = [...document.querySelectorAll('.tag-select__multi-value__label')];
  expect(shown.map((chip) => chip.textContent)).toEqual(['Technology', 'Sports']);
  expect(send).not.toHaveBeenCalled();
});
