import { HOSTNAME, USERNAME } from '@nimbus/contract';
import { ActionIcon, Checkbox, Group, PasswordInput, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { PasswordTools } from '../../../components/password-tools';
import { SshKeyPicker } from '../../../components/ssh-key-picker';
import { passwordStrength } from '../../../lib/password-strength';
import { type DeployDraft, randomHostname, randomPassword } from '../draft';

interface ServerConfigProps {
  draft: DeployDraft;
  onChange: (patch: Partial<DeployDraft>) => void;
}

/** A hostname that breaks the rules is not taken. */
const acceptHostname = (value: string) => value === '' || /^[A-Za-z][A-Za-z0-9-]*$/.test(value);

export function ServerConfig({ draft, onChange }: ServerConfigProps) {
  const { t } = useTranslation('deploy');
  const hostnameShort = draft.hostname !== '' && draft.hostname.length < HOSTNAME.min;
  const usernameBad = draft.username !== '' && !USERNAME.pattern.test(draft.username);

  const copy = async () => {
    await navigator.clipboard.writeText(draft.password);
    notify.success({ title: t('config.copied') });
  };

  return (
    <Stack gap="md">
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          label={t('config.hostname')}
          description={t('config.hostnameHint')}
          required
          value={draft.hostname}
          maxLength={HOSTNAME.max}
          error={hostnameShort ? t('errors:field.incorrect_length') : undefined}
          onChange={(e) => {
            const value = e.currentTarget.value;
            if (acceptHostname(value)) onChange({ hostname: value });
          }}
          rightSection={
            <Tooltip label={t('config.regenerate')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('config.regenerate')}
                onClick={() => onChange({ hostname: randomHostname() })}
              >
                <IconRefresh size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          }
          miw={220}
        />
        <TextInput
          label={t('config.username')}
          required
          value={draft.username}
          maxLength={USERNAME.max}
          error={usernameBad ? t('errors:field.invalid_username') : undefined}
          onChange={(e) => onChange({ username: e.currentTarget.value.trim() })}
          miw={220}
        />
      </Group>
      <PasswordTools
        password={draft.password}
        generateLabel={t('config.generate')}
        copyLabel={t('config.copy')}
        onGenerate={() => onChange({ password: randomPassword() })}
        onCopy={() => void copy()}
      >
        <PasswordInput
          label={t('config.password')}
          description={t('config.passwordHint')}
          value={draft.password}
          onChange={(e) => onChange({ password: e.currentTarget.value })}
          autoComplete="new-password"
          style={{ flex: 1 }}
        />
      </PasswordTools>
      <StrengthHint password={draft.password} />
      <SshKeyPicker value={draft.keyIds} onChange={(keyIds) => onChange({ keyIds })} />
      {/* A checkbox, not Mantine's Switch: that one shares modules with /login's checkbox (budget). */}
      <Checkbox
        label={t('config.start')}
        checked={draft.startAfterReinstall}
        onChange={(e) => onChange({ startAfterReinstall: e.currentTarget.checked })}
      />
    </Stack>
  );
}

const STRENGTH_COLOR = {
  weak: 'var(--mantine-color-error)',
  fair: 'var(--mantine-color-dimmed)',
  strong: 'teal',
} as const;

/** How hard the root password is to guess: a hint only, never a reason to refuse it. */
function StrengthHint({ password }: { password: string }) {
  const { t } = useTranslation('deploy');
  const strength = passwordStrength(password);
  if (!strength) return null;
  return (
    <Text fz="xs" mt={-8} c={STRENGTH_COLOR[strength]} aria-live="polite" data-testid="password-strength">
      {t(`config.strength.${strength}`)}
    </Text>
  );
}
