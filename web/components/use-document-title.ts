import { useEffect } from 'react';

const SITE = 'BEM Poltek Nuklir';

/** Sets the tab title to "<page> · BEM Poltek Nuklir". */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE}` : SITE;
  }, [title]);
}
