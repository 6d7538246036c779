/**
 * Runs `task` once the page is idle (requestIdleCallback), and within `timeoutMs` however busy it is;
 * where there is no requestIdleCallback (Safari), after the next frame and a task. Answers a function
 * that cancels it. For work a reader does not wait for: it runs after what they do wait for, in a task
 * of its own, instead of inside the long task that draws the page.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
