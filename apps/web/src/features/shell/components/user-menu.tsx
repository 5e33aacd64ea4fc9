import { money } from '../../../lib/money';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n/react';
import { showErrorToast } from '../../../lib/form/error-toast';
import { notify } from '../../../lib/notify';
import { displayName, useSessionUser } from '../../../lib/session/session-query';
import { useLogout } from '../api/logout';
import classes from './user-menu.module.css';

function initials(name: string): string {
  const parts = name.split(/[\s@.]+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((p) => p.charAt(0).toUpperCase())
    .join('');
}

export function UserMenu() {
  const { t } = useTranslation('shell');
  const { t: tErrors } = useTranslation('errors');
  const { t: tCommon } = useTranslation();
  const user = useSessionUser();
  const name = displayName(user);
  const logout = useLogout(() => notify.success({ title: t('logout.success'), message: t('logout.successMessage') }));

  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.target} aria-label={t('header.userMenu')}>
          <Group gap={8} wrap="nowrap">
            <Avatar size={30} radius="xl" color="ocean" aria-hidden>
              {initials(name)}
            </Avatar>
            <Text fz="sm" fw={600} visibleFrom="sm" className={classes.name}>
              {name}
            </Text>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fz="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {name}
          </Text>
          <Text fz="xs" c="dimmed" truncate>
            {user.Email}
          </Text>
          <Text fz="xs" c="dimmed" hiddenFrom="xs" mt={4}>
            {t('header.balanceLabel', { amount: money(user.Balance, user.Currency) })}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/me" leftSection={<IconUserCircle size={16} aria-hidden />}>
          {tCommon('titles.me')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden />}
          closeMenuOnClick={false}
          disabled={logout.isPending || logout.isSuccess}
          onClick={() =>
            logout.mutate(undefined, { onError: (error) => showErrorToast(error, tErrors, t('logout.failed')) })
          }
        >
          {t('logout.action')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
