import { useEffect } from 'react';

/** Every screen names itself: "<title> | Newsroom". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Newsroom` : 'Newsroom';
  }, [title]);
}
