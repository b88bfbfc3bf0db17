import { createContext, useContext, useEffect } from 'react';

const SITE = 'BEM Poltek Nuklir';

/** Set while the server renders a page: takes the title the page asks for (the last one wins). */
export const ServerTitle = createContext<((title: string) => void) | null>(null);

/** The tab title "<page> · BEM Poltek Nuklir" (the site's name alone for an empty title). */
export const documentTitle = (title: string) => (title ? `${title} · ${SITE}` : SITE);

/** Sets the tab title to "<page> · BEM Poltek Nuklir"; in the server's render, the page's <title>. */
export function useDocumentTitle(title: string) {
  useContext(ServerTitle)?.(documentTitle(title));
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
