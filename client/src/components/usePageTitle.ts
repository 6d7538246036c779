import { useEffect } from 'react';

/** Sets the document title as given; null leaves it as it is (e.g. while a page's data loads). */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}

/** Every screen names itself: "<title> | Newsroom". */
export function usePageTitle(title: string): void {
  useDocumentTitle(title ? `${title} | Newsroom` : 'Newsroom');
}
