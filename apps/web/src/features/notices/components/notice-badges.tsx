import { Badge, VisuallyHidden } from '@mantine/core';
import { IconPin } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n/react';
import classes from './notices.module.css';

/** Marks an unread notice before its (bold) title: a dot to the eye, the word to a screen reader. */
export function UnreadDot() {
  const { t } = useTranslation('notices');
  return (
    <>
      <span className={classes.dot} aria-hidden data-testid="unread-dot" />
      <VisuallyHidden>{t('unread')}</VisuallyHidden>
    </>
  );
}

export function PinnedBadge() {
  const { t } = useTranslation('notices');
  return (
    <Badge
      size="xs"
      variant="outline"
      color="gray"
      leftSection={<IconPin size={10} aria-hidden />}
      style={{ flex: 'none' }}
    >
      {t('pinned')}
    </Badge>
  );
}
