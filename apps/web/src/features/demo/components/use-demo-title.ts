import { useEffect } from 'react';

/** Names the tab `${title} - 演示后台`. */
export function useDemoTitle(title: string) {
  useEffect(() => {
    document.title = `${title} - 演示后台`;
  }, [title]);
}
