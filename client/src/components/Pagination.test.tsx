import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, pageWindow, Pagination, PAGE_SIZES, usePagination } from './Pagination';

function Harness({ totalPages }: { totalPages: number }) {
  const { page, limit, setPage, setLimit } = usePagination();
  const [calls, setCalls] = useState<string[]>([]);
  return (
    <>
      <Pagination
        page={page}
        totalPages={totalPages}
        limit={limit}
        onPageChange={(p) => {
          setCalls((c) => [...c, `page:${p}`]);
          setPage(p);
        }}
        onLimitChange={(l) => {
          setCalls((c) => [...c, `limit:${l}`]);
          setLimit(l);
        }}
      />
      <output data-testid="state">{`${page}/${limit}`}</output>
      <output data-testid="calls">{calls.join(',')}</output>
    </>
  );
}

describe('Pagination', () => {
  it('offers the page sizes 3, 5, 10, 20, 50 with 5 selected by default', () => {
    render(<Harness totalPages={4} />);
    const select = screen.getByLabelText('Per page');
    const options = Array.from(select.querySelectorAll('option')).map((o) => o.textContent);
    expect(options).toEqual(['3', '5', '10', '20', '50']);
    expect(select).toHaveValue('5');
    expect(PAGE_SIZES).toEqual([3, 5, 10, 20, 50]);
    expect(DEFAULT_PAGE_SIZE).toBe(5);
  });

  it('starts on page 1 (1-based), marks it current and disables Prev', () => {
    render(<Harness totalPages={4} />);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    expect(screen.getByTestId('state')).toHaveTextContent('1/5');
  });

  it('moves between pages with the numbers and Next/Prev, and disables Next on the last page', async () => {
    const user = userEvent.setup();
    render(<Harness totalPages={3} />);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByTestId('state')).toHaveTextContent('3/5');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    expect(screen.getByTestId('state')).toHaveTextContent('2/5');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('calls')).toHaveTextContent('page:3,page:2,page:3');
  });

  it('changing the page size reports it and goes back to page 1', async () => {
    const user = userEvent.setup();
    render(<Harness totalPages={6} />);
    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    await user.selectOptions(screen.getByLabelText('Per page'), '20');
    expect(screen.getByTestId('state')).toHaveTextContent('1/20');
    expect(screen.getByTestId('calls')).toHaveTextContent('page:4,limit:20');
  });

  it('shows every page when there are few, and a window with gaps when many', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pageWindow(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'gap', 19, 20]);
  });

  it('usePagination never goes below page 1', () => {
    const { result } = renderHook(() => usePagination());
    act(() => result.current.setPage(0));
    expect(result.current.page).toBe(1);
  });
});
