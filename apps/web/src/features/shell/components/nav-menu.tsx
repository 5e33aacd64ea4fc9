import { Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/react';
import { NavLinkRouter } from '../../../components/nav-link-router';
import { NAV_ITEMS } from '../nav-items';
import { UnreadNoticesBadge } from './unread-notices-badge';

export function NavMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Stack gap={4}>
      {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
        <NavLinkRouter
          key={to}
          to={to}
          label={t(`nav.${label}`)}
          leftSection={<Icon size={20} stroke={1.7} aria-hidden />}
          rightSection={to === '/notices' ? <UnreadNoticesBadge /> : undefined}
          activeProps={{ active: true }}
          onClick={onNavigate}
          fw={500}
          py={10}
        />
      ))}
    </Stack>
  );
}
