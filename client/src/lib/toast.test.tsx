import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { allowToasts } from '@/test/render-screen';
// In vitest.config.ts's fresh-modules project: whether a toast was asked for is the page's state.
import { Toaster, toast, useToastsWanted } from './toast';

/** As the app mounts it (app/provider.tsx): the container only once a toast is asked for. */
function Container() {
  const wanted = useToastsWanted();
  return (
    <>
      <output data-testid="wanted">{String(wanted)}</output>
      {wanted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}

describe('toasts', () => {
  it('mount no container (nor react-hot-toast) until one is asked for, then show it', async () => {
    allowToasts();
    render(<Container />);
    expect(screen.getByTestId('wanted')).toHaveTextContent('false');
    act(() => toast.success('Saved'));
    expect(screen.getByTestId('wanted')).toHaveTextContent('true');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    act(() => toast.plain('Plain words'));
    expect(await screen.findByText('Plain words')).toBeInTheDocument();
  });
});
