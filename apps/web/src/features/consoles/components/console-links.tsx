import { Group } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/react';
import { ButtonLink } from '../../../components/router-link';

/** The instance page's way into its VNC console and serial terminal. */
export function ConsoleLinks({ id }: { id: number }) {
  const { t } = useTranslation('instance-console');
  const params = { id: String(id) };
  return (
    <Group gap="xs">
      <ButtonLink to="/instances/$id/vnc" params={params} variant="default" size="xs">
        {t('links.vnc')}
      </ButtonLink>
      <ButtonLink to="/instances/$id/xterm" params={params} variant="default" size="xs">
        {t('links.xterm')}
      </ButtonLink>
    </Group>
  );
}
