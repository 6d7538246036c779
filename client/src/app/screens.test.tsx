/**
 * Route screens load on demand, and the landing page's can be loaded before the first render: then it
 * renders at once, with no loading fallback in between.
 */
import { render, screen as view } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadScreens, screen } from './screens';

const Guard = ({ children }: { children: ReactNode }) => <>{children}</>;

function fakeModule(text: string) {
  return vi.fn(async () => ({ default: () => <h1>{text}</h1> }));
}

describe('route screens', () => {
  it('suspends (shows the fallback) when not loaded yet, then shows the screen', async () => {
    const Page = screen(fakeModule('Lazy page'));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(view.getByText('Loading')).toBeInTheDocument();
    expect(await view.findByRole('heading', { name: 'Lazy page' })).toBeInTheDocument();
  });

  it("preloads exactly the landing page's screens, guarded ones included; they then render with no fallback", async () => {
    const loadHome = fakeModule('Home');
    const loadArticle = fakeModule('Article');
    const loadLogin = fakeModule('Login');
    const Home = screen(loadHome);
    const Article = screen(loadArticle);
    const Login = screen(loadLogin);
    const routes = [
      {
        element: <Guard>layout</Guard>,
        children: [
          { path: '/', element: <Home /> },
          { path: '/article/:id', element: <Guard>{<Article />}</Guard> },
        ],
      },
      { path: '/login', element: <Login /> },
    ];

    await preloadScreens(routes, '/article/42');
    expect(loadArticle).toHaveBeenCalledTimes(1);
    expect(loadHome).not.toHaveBeenCalled();
    expect(loadLogin).not.toHaveBeenCalled();

    render(
      <Suspense fallback={<p>Loading</p>}>
        <Article />
      </Suspense>,
    );
    expect(view.getByRole('heading', { name: 'Article' })).toBeInTheDocument();
    expect(view.queryByText('Loading')).toBeNull();
    // Loaded once, however often it is asked for.
    await preloadScreens(routes, '/article/7');
    expect(loadArticle).toHaveBeenCalledTimes(1);
  });

  it('a failed load can be tried again', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => ReactNode }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: () => <h1>Back online</h1> });
    const Page = screen(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    render(<Page />);
    expect(view.getByRole('heading', { name: 'Back online' })).toBeInTheDocument();
  });
});
