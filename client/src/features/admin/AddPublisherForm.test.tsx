/** The add-publisher form says what the API would refuse, with the API's own messages. */
import { PUBLISHER_NAME_MAX } from '@newsroom/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AddPublisherForm } from './AddPublisherForm';

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AddPublisherForm />
    </QueryClientProvider>,
  );
}

describe('AddPublisherForm', () => {
  it('asks for a name and a logo', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add Publisher' }));
    expect(await screen.findByText('Publisher name is required')).toBeInTheDocument();
    expect(screen.getByText('A logo image is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Publisher name')).toHaveAttribute('aria-invalid', 'true');
  });

  it("refuses a name over the limit with the server's message, and a blank name as missing", async () => {
    renderForm();
    const name = screen.getByLabelText('Publisher name');
    await userEvent.type(name, 'x'.repeat(PUBLISHER_NAME_MAX + 1));
    await userEvent.click(screen.getByRole('button', { name: 'Add Publisher' }));
    expect(
      await screen.findByText(`Publisher name must be at most ${PUBLISHER_NAME_MAX} characters`),
    ).toBeInTheDocument();

    await userEvent.clear(name);
    await userEvent.type(name, '   ');
    expect(await screen.findByText('Publisher name is required')).toBeInTheDocument();
  });
});
