import { useEffect } from 'react';
import { BRAND_NAME } from './brand';

/**
 * Page titles are "<translated section name> - <brand>"
 * (docs/product/README.md#the-shell-and-the-dashboard); a detail page puts its item first, "<item>
 * · <section> - <brand>", never the item alone.
 */
export function usePageTitle(section: string, item?: string): void {
  useEffect(() => {
    document.title = `${item ? `${item} · ` : ''}${section} - ${BRAND_NAME}`;
  }, [section, item]);
}
