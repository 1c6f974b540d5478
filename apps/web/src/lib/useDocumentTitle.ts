import { useEffect } from 'react';

/** Sets the tab title to '<title> · Jelly'. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Jelly`;
  }, [title]);
}
