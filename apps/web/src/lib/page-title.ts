import { useEffect } from 'react';
import { create } from 'zustand';

/** What a page showing one object (an article, a course, an expert) calls itself. */
export interface PageMeta {
  title: string;
  description?: string | undefined;
}

/** The description of index.html, for every page that does not bring its own. */
export const DEFAULT_DESCRIPTION = '心理测评与咨询平台：专业心理量表测评、心理课程、专家咨询预约与在线沟通。';

const useNamed = create<{ meta: PageMeta | null }>(() => ({ meta: null }));

/**
 * Names the tab after the object the page shows (`${title} - 站点名`, as the server's served
 * HTML has it) instead of the route's title, while the page is shown. The layout writes
 * document.title from the route title, this name and the site name together, so whichever
 * arrives last (the object or the site configuration) the tab reads the same.
 */
export function usePageMeta(meta: PageMeta | undefined): void {
  const title = meta?.title;
  const description = meta?.description;
  useEffect(() => {
    if (!title) return;
    const mine: PageMeta = { title, description };
    useNamed.setState({ meta: mine });
    return () => {
      if (useNamed.getState().meta === mine) useNamed.setState({ meta: null });
    };
  }, [title, description]);
}

/** The name the shown page gave itself, if any (the layout's tab title). */
export const useNamedPage = (): PageMeta | null => useNamed((s) => s.meta);
