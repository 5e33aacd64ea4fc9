const PLACEHOLDER = '__BRAND_NAME__';
const FALLBACK = 'Nimbus';

/** The server writes the operator's brand into the application-name meta tag of index.html. */
function readBrand(): string {
  if (typeof document === 'undefined') return FALLBACK;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="application-name"]');
  const value = meta?.content.trim() ?? '';
  return value === '' || value === PLACEHOLDER ? FALLBACK : value;
}

export const BRAND_NAME = readBrand();
