import { Tabs } from '@mantine/core';
import { IconAdjustments, IconKey, IconLock, IconMail, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { ACCOUNT_TABS, type AccountTab } from '../account-tab';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import { PreferencesForm } from './preferences-form';
import { ProfileForm } from './profile-form';

const ICONS = {
  profile: IconUser,
  password: IconLock,
  email: IconMail,
  keys: IconKey,
  preferences: IconAdjustments,
} as const;
const OWN_PANELS = {
  profile: ProfileForm,
  password: PasswordForm,
  email: EmailForm,
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
}: {
  tab: AccountTab;
  onChange: (tab: AccountTab) => void;
  panels: Record<ComposedTab, ReactNode>;
}) {
  const { t } = useTranslation('me');
  return (
    <Tabs
      value={tab}
      onChange={(value) => onChange(ACCOUNT_TABS.find((item) => item === value) ?? 'profile')}
      keepMounted={false}
    >
      <Tabs.List aria-label={t('tabs.label')} mb="lg">
        {ACCOUNT_TABS.map((item) => {
          const Icon = ICONS[item];
          return (
            <Tabs.Tab key={item} value={item} leftSection={<Icon size={16} aria-hidden />}>
              {t(`tabs.${item}`)}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {ACCOUNT_TABS.map((item) => {
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
