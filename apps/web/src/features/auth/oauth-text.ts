import type { OAuthLoginError } from '@nimbus/contract';
import { useCallback } from 'react';
import en from '../../locales/en_US/oauth.json';
import zh from '../../locales/zh_CN/oauth.json';
import type { Resources } from '../../lib/i18n/resources';
import { useTranslation } from '../../lib/i18n/react';
import { translate, type TOptions } from '../../lib/i18n/translate';

// The third-party login strings load with the buttons that show them, both languages together (a
// few hundred bytes), not with /login's first download, which has a budget
// (docs/decisions/0005-web-bundle-budget.md).
const STRINGS = { en_US: { oauth: en }, zh_CN: { oauth: zh } } as unknown as Record<string, Resources>;
const PLURALS = new Intl.PluralRules('en-US');

type OAuthKey = Exclude<keyof typeof en, 'reason'> | `reason.${OAuthLoginError}`;

/** `t` for the strings of locales/<lang>/oauth.json, in the current language. */
export function useOAuthText(): (key: OAuthKey, options?: TOptions) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (key, options) => translate(STRINGS[language] ?? STRINGS.en_US!, PLURALS, ['oauth'], key, options),
    [language],
  );
}
