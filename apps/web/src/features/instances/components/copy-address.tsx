import { ActionIcon, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';

/**
 * The instance's address, shown once on its page, with a button that copies it: a
 * real button (Tab, Enter, Space), named for screen readers, saying "copied" when it has. `shown`
 * is how it reads on the page (with its prefix), `address` what is copied.
 */
export function CopyAddress({ address, shown = address }: { address: string; shown?: string }) {
  const { t } = useTranslation('instances');
  return (
    <Group gap={2} wrap="nowrap" component="span" data-testid="instance-address">
      <span>{shown}</span>
      <CopyButton value={address}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('address.copied') : t('address.copy')} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size="sm"
              aria-label={t('address.copyLabel', { address })}
              onClick={() => {
                copy();
                notify.success({ title: t('address.copied'), message: address });
              }}
            >
              {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
