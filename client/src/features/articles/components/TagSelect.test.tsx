import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render-screen';
import { TAG_OPTIONS, type TagOption } from '../tags';
import { TagSelect } from './TagSelect';

/** A form field as the screens use it: a label naming the field, the chosen tags shown beside it. */
function Field({ initial = [] }: { initial?: TagOption[] }) {
  const [tags, setTags] = useState(initial);
  return (
    <div>
      <label htmlFor="tags">Tags</label>
      <TagSelect inputId="tags" value={tags} onChange={setTags} />
      <output data-testid="chosen">{tags.map((t) => t.value).join(',')}</output>
    </div>
  );
}

const standIn = () => screen.queryByTestId('tag-select-standin');
const technology = TAG_OPTIONS.find((o) => o.value === 'technology')!;

describe('TagSelect', () => {
  // The control's chunk (react-select) loaded before the first test: on two busy cores its first
  // import took longer than a test waits for the swap, and what is tested here is the swap itself
  // (TagSelect still loads it through its own import, which then answers at once).
  beforeAll(async () => {
    await import('./TagSelectControl');
  }, 30_000);

  it('what a reader types at once is kept: the control takes over with the text and its menu, and Enter picks the tag', async () => {
    const user = userEvent.setup();
    renderScreen(<Field />);
    expect(standIn()).not.toBeNull();
    await user.type(screen.getByLabelText('Tags'), 'techno');
    await waitFor(() => expect(standIn()).toBeNull());
    const input = screen.getByLabelText('Tags');
    expect(input).toHaveFocus();
    expect(input).toHaveValue('techno');
    expect(screen.getByRole('listbox')).toHaveTextContent('Technology');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('chosen')).toHaveTextContent('technology');
  });

  it('reached with Tab, the control takes the focus with its menu closed (Tab moves on, choosing nothing)', async () => {
    const user = userEvent.setup();
    renderScreen(
      <>
        <button type="button">Before</button>
        <Field />
        <button type="button">After</button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    await waitFor(() => expect(standIn()).toBeNull());
    expect(screen.getByLabelText('Tags')).toHaveFocus();
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    expect(screen.getByTestId('chosen')).toHaveTextContent('');
  });

  it('a click on the field opens the menu', async () => {
    const user = userEvent.setup();
    renderScreen(<Field />);
    await user.click(screen.getByLabelText('Tags'));
    await waitFor(() => expect(standIn()).toBeNull());
    expect(screen.getByLabelText('Tags')).toHaveFocus();
    expect(await screen.findByRole('listbox')).toHaveTextContent('Technology');
  });

  it('tags already chosen are shown by the control without the field being reached', async () => {
    renderScreen(<Field initial={[technology]} />);
    await waitFor(() => expect(standIn()).toBeNull());
    expect(document.querySelector('.tag-select__multi-value')).toHaveTextContent('Technology');
  });

  it("in the server's markup the stand-in is read-only and says it is not ready", () => {
    renderScreen(<Field />, { hydrated: false });
    const input = screen.getByLabelText('Tags');
    expect(input).toHaveAttribute('readonly');
    expect(input).toHaveAttribute('aria-disabled', 'true');
    expect(input).toHaveAttribute('aria-busy', 'true');
  });
});
