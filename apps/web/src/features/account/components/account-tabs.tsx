import { Tabs } from '@mantine/core';
import { IconAdjustments, IconKey, IconLock, IconMail, IconPlugConnected, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { ACCOUNT_TABS, type AccountTab } from '../account-tab';
import { EmailForm } from './email-form';
import { IdentitiesCard } from './identities-card';
import { PasswordForm } from './password-form';
import { PreferencesForm } from './preferences-form';
import { ProfileForm } from './profile-form';

const ICONS = {
  profile: IconUser,
  password: IconLock,
  email: IconMail,
  logins: IconPlugConnected,
  keys: IconKey,
  preferences: IconAdjustments,
} as const;
const OWN_PANELS = {
  profile: ProfileForm,
  password: PasswordForm,
  email: EmailForm,
  logins: IdentitiesCard,
  preferences: PreferencesForm,
} as const;

type OwnTab = keyof typeof OWN_PANELS;
/** Tabs whose content belongs to another feature: the route composes it in. */
export type ComposedTab = Exclude<AccountTab, OwnTab>;

const isOwn = (tab: AccountTab): tab is OwnTab => tab in OWN_PANELS;

export function AccountTabs({
  tab,
  onChange,
  panels,
  hidden = [],
}: {
  tab: AccountTab;
  onChange: (tab: AccountTab) => void;
  panels: Record<ComposedTab, ReactNode>;
  /** Sections not offered (third-party logins when no provider is configured). */
  hidden?: readonly AccountTab[];
}) {
  const { t } = useTranslation('me');
  const tabs = ACCOUNT_TABS.filter((item) => !hidden.includes(item));
  return (
    <Tabs
      value={tabs.includes(tab) ? tab : 'profile'}
      onChange={(value) => onChange(tabs.find((item) => item === value) ?? 'profile')}
      keepMounted={false}
    >
      <Tabs.List aria-label={t('tabs.label')} mb="lg">
        {tabs.map((item) => {
          const Icon = ICONS[item];
          return (
            <Tabs.Tab key={item} value={item} leftSection={<Icon size={16} aria-hidden />}>
              {t(`tabs.${item}`)}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {tabs.map((item) => {
        let panel: ReactNode;
        if (isOwn(item)) {
          const Own = OWN_PANELS[item];
          panel = <Own />;
        } else panel = panels[item];
        return (
          <Tabs.Panel key={item} value={item}>
            {panel}
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}
