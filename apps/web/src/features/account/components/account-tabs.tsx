import { Tabs } from '@mantine/core';
import { IconAdjustments, IconKey, IconMail, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TABS, type AccountTab } from '../account-tab';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import { PreferencesForm } from './preferences-form';
import { ProfileForm } from './profile-form';

const ICONS = { profile: IconUser, password: IconKey, email: IconMail, preferences: IconAdjustments } as const;
const PANELS = {
  profile: ProfileForm,
  password: PasswordForm,
  email: EmailForm,
  preferences: PreferencesForm,
} as const;

export function AccountTabs({ tab, onChange }: { tab: AccountTab; onChange: (tab: AccountTab) => void }) {
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
        const Panel = PANELS[item];
        return (
          <Tabs.Panel key={item} value={item}>
            <Panel />
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}
