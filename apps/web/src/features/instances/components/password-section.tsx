import { PASSWORD_STEP, type InstanceDetail, type InstanceFull } from '@nimbus/contract';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PasswordTools } from '../../../components/password-tools';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { SecretInput } from './secret-input';
import { useInstanceAction } from '../api/instance-actions-api';
import { copyPassword, generatePassword, notifyFailure } from './action-feedback';

/** The server's rule (PasswordBody): at least 8 characters. */
const PASSWORD_MIN = 8;

/**
 * The login user's new password: set at once through the guest agent when the server runs, else at
 * its next boot through cloud-init — the toast says which.
 */
export function PasswordSection({ instance }: { instance: InstanceFull | InstanceDetail }) {
  const { t } = useTranslation('instance-actions');
  const [password, setPassword] = useState('');
  const change = useInstanceAction<{ Password: string }>(instance.Id, 'password');
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
      <PasswordTools
        top
        password={password}
        generateLabel={t('password.generate')}
        copyLabel={t('password.copy')}
        onGenerate={() => setPassword(generatePassword())}
        onCopy={() => void copyPassword(password)}
      >
        <SecretInput
          label={t('password.new')}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          autoComplete="new-password"
          error={short ? t('errors:field.password_too_short', { min: PASSWORD_MIN }) : undefined}
          style={{ flex: 1 }}
        />
      </PasswordTools>
      <Group>
        <Button onClick={submit} loading={change.isPending} disabled={password === '' || short}>
          {t('password.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
