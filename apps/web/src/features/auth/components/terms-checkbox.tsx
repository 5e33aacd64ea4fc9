import { Anchor, Checkbox, type CheckboxProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { useSiteSettings } from '../../../lib/site-settings';

const TAGGED = /<(terms|privacy)>(.*?)<\/\1>/g;

/**
 * The sentence of the box with its `<terms>…</terms>` and `<privacy>…</privacy>` parts as links to
 * the operator's pages when those are set (TERMS_URL, PRIVACY_URL), plain text otherwise. The
 * links open a new tab, so the form keeps what was typed.
 */
function withLinks(sentence: string, urls: Record<'terms' | 'privacy', string | null>): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const m of sentence.matchAll(TAGGED)) {
    out.push(sentence.slice(at, m.index));
    const [, which, text] = m as unknown as [string, 'terms' | 'privacy', string];
    const href = urls[which];
    out.push(
      href ? (
        <Anchor key={which} href={href} target="_blank" rel="noopener noreferrer" inherit underline="always">
          {text}
        </Anchor>
      ) : (
        text
      ),
    );
    at = m.index + m[0].length;
  }
  out.push(sentence.slice(at));
  return out;
}

/** "I agree to the terms of service and privacy policy", required on sign-in and sign-up. */
export function TermsCheckbox(props: Omit<CheckboxProps, 'label'>) {
  const { t } = useTranslation('auth');
  const site = useSiteSettings();
  return (
    <Checkbox {...props} label={withLinks(t('fields.terms'), { terms: site.TermsUrl, privacy: site.PrivacyUrl })} />
  );
}
