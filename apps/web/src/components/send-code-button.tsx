import { Button } from '@mantine/core';
import { useTranslation } from '../lib/i18n/react';

interface SendCodeButtonProps {
  remaining: number;
  loading: boolean;
  onClick: () => void;
}

/** "Send code", then "Resend in n s" until the resend window (CODE.resendSeconds) has passed. */
export function SendCodeButton({ remaining, loading, onClick }: SendCodeButtonProps) {
  const { t } = useTranslation();
  return (
    <Button variant="light" onClick={onClick} loading={loading} disabled={remaining > 0} miw={132} h={36}>
      {remaining > 0 ? t('actions.resendIn', { seconds: remaining }) : t('actions.sendCode')}
    </Button>
  );
}
