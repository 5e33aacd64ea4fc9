import {
  type Icon,
  IconAffiliate,
  IconLayoutDashboard,
  IconLifebuoy,
  IconReceipt,
  IconRocket,
  IconServer,
  IconSpeakerphone,
  IconUserCircle,
} from '@tabler/icons-react';
import type { Resources } from '../../lib/i18n/resources';

type NavLabel = keyof Resources['shell']['nav'];

export interface NavItem {
  to: '/dashboard' | '/instances' | '/deploy' | '/tickets' | '/billing' | '/affiliate' | '/me' | '/notices';
  label: Exclude<NavLabel, 'label'>;
  icon: Icon;
}

/** The sidebar, in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'dashboard', icon: IconLayoutDashboard },
  { to: '/instances', label: 'instances', icon: IconServer },
  { to: '/deploy', label: 'deploy', icon: IconRocket },
  { to: '/tickets', label: 'tickets', icon: IconLifebuoy },
  { to: '/billing', label: 'billing', icon: IconReceipt },
  { to: '/affiliate', label: 'affiliate', icon: IconAffiliate },
  { to: '/notices', label: 'notices', icon: IconSpeakerphone },
  { to: '/me', label: 'me', icon: IconUserCircle },
];
