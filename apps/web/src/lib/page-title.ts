import { useEffect } from 'react';
import { BRAND_NAME } from './brand';

/** Page titles are "<translated section name> - <brand>". */
export function usePageTitle(section: string): void {
  useEffect(() => {
    document.title = `${section} - ${BRAND_NAME}`;
  }, [section]);
}
