import { PASSWORD_STEP, type InstanceDetail, type InstanceFull } from '@nimbus/contract';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { useInstanceAction } from '../../../lib/instances/instance-actions-api';
import { notifyFailure } from '../../../lib/instances/action-feedback';
import { PasswordField } from './password-field';

/** The server's rule (PasswordBody): at least 8 characters. */
const PASSWORD_MIN = 8;

/**
 * The login user's new password: set at once through the guest agent when the server runs, else at
 * its next boot through cloud-init — the toast says which.
 */
export function PasswordSection({ instance }: { instance: InstanceFull | InstanceDetail }) {
  const { t } = useTranslation('instance-actions');
  const [password, setPassword] = useState('');
  const change = useInstanceAction(instance.Id, 'password');
  const short = password !== '' && password.length < PASSWORD_MIN;
  const submit = () =>
    change.mutateAsync({ Password: password }).then(
      (task) => {
        setPassword('');
        if (task.Step === PASSWORD_STEP.agent) notify.success({ title: t('password.done') });
        else notify.success({ title: t('password.doneAtBoot'), message: t('password.atBootMessage') });
      },
      (error: unknown) => notifyFailure(t('password.failed'), error),
    );
  return (
    <Stack gap="sm">
      <Title order={3} fz="h5">
        {t('password.title')}
      </Title>
      <Text fz="sm" c="dimmed">
        {t('password.hint', { user: instance.Username })}
      </Text>
      <PasswordField
        top
        label={t('password.new')}
        value={password}
        onChange={setPassword}
        error={short ? t('errors:field.password_too_short', { min: PASSWORD_MIN }) : undefined}
      />
      <Group>
        <Button onClick={submit} loading={change.isPending} disabled={password === '' || short}>
          {t('password.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
