import { useCallback, useSyncExternalStore } from 'react';
import { i18n } from './i18n';
import type { Namespace } from './resources';
import type { TFunction, TOptions } from './translate';

const language = () => i18n.language;

/**
 * The translate function of a component, re-rendering it when the language changes. With several
 * namespaces, a key is looked up in each in turn (the first is the default), as i18next does.
 */
export function useTranslation<NS extends Namespace = 'common'>(
  ns?: NS | readonly NS[],
): { t: TFunction<NS>; i18n: typeof i18n } {
  const lang = useSyncExternalStore(i18n.subscribe, language);
  const spaces: readonly Namespace[] = ns === undefined ? ['common'] : typeof ns === 'string' ? [ns] : ns;
  const key = spaces.join(',');
  const t = useCallback<TFunction<NS>>(
    (k: string, options?: TOptions) => i18n.translate(spaces, k, options),
    // The namespaces are fixed per call site; `lang` makes a new `t` per language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, lang],
  );
  return { t, i18n };
}
