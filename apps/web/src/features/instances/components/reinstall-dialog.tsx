import { USERNAME, type InstanceDetail, type InstanceFull, type Template } from '@nimbus/contract';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DANGER, useTypedHostname } from './confirm-dialog';
import { ToggleSwitch } from './toggle-switch';
import { Dialog } from '../../../components/dialog';
import { SshKeyPicker } from '../../../components/ssh-key-picker';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { useInstanceAction } from '../../../lib/instances/instance-actions-api';
import { productTemplatesQueryOptions } from '../api/lifecycle-api';
import { notifyFailure } from '../../../lib/instances/action-feedback';
import { PasswordField } from './password-field';
import classes from './actions.module.css';

/** After the reinstall task succeeds, the dialog waits 1 s before it says so and closes. */
export const REINSTALL_SETTLE_MS = 1000;

/** The images grouped by distribution, a dropdown of versions in each (as on /deploy). */
function ImageChoice({
  templates,
  value,
  onChange,
  error,
}: {
  templates: Template[] | undefined;
  value: number | null;
  onChange: (id: number) => void;
  error?: string;
}) {
  const { t } = useTranslation('instance-actions');
  if (templates === undefined) return <Text c="dimmed">{t('reinstall.loadingImages')}</Text>;
  if (templates.length === 0) return <Text c="dimmed">{t('reinstall.noImages')}</Text>;
  const distributions = [...new Set(templates.map((tpl) => tpl.Distribution))];
  const chosen = templates.find((tpl) => tpl.Id === value);
  return (
    <Stack gap="xs" role="group" aria-labelledby="reinstall-image">
      <Text fw={500} fz="sm" id="reinstall-image">
        {t('reinstall.image')}{' '}
        <Text span c="red" aria-hidden>
          *
        </Text>
      </Text>
      {chosen ? null : (
        <Text c={error ? 'red' : 'dimmed'} fz="sm" role={error ? 'alert' : undefined}>
          {error ?? t('reinstall.available', { count: templates.length })}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {distributions.map((distribution) => {
          const versions = templates.filter((tpl) => tpl.Distribution === distribution);
          const selected = chosen?.Distribution === distribution;
          return (
            <div key={distribution} className={classes.choice} data-selected={selected || undefined}>
              <Text fw={600} fz="sm" mb={6}>
                {distribution}
              </Text>
              <Select
                aria-label={distribution}
                placeholder={t('reinstall.chooseVersion')}
                data={versions.map((tpl) => ({ value: String(tpl.Id), label: tpl.Name }))}
                value={selected ? String(chosen.Id) : null}
                onChange={(id) => id && onChange(Number(id))}
                error={error ? true : undefined}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            </div>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

interface ReinstallDialogProps {
  instance: InstanceFull | InstanceDetail;
  opened: boolean;
  onClose: () => void;
}

/**
 * Reinstall (docs/product/instances.md#reinstall-specs-recreate) from an image with new
 * credentials. The current image comes first; stored SSH keys may be added (as on /deploy); as for
 * destroy, the hostname is typed, since the disk and the snapshots are erased. Missing image,
 * username, password or hostname → "please fill all fields", each missing one marked; otherwise
 * post, say "reinstalling" (3 s), poll the task every 250 ms; Status 5 → "reinstall failed" (3 s);
 * success → wait 1 s, success toast, close.
 */
export function ReinstallDialog({ instance, opened, onClose }: ReinstallDialogProps) {
  const { t } = useTranslation('instance-actions');
  const templates = useQuery({ ...productTemplatesQueryOptions(instance.ProductId), enabled: opened });
  const current = templates.data?.some((tpl) => tpl.Id === instance.ImageId) ? instance.ImageId : null;
  const [picked, setPicked] = useState<number | null>(null);
  const templateId = picked ?? current;
  const [username, setUsername] = useState(instance.Username ?? 'root');
  const [password, setPassword] = useState('');
  const [keyIds, setKeyIds] = useState<number[]>([]);
  const [start, setStart] = useState(true);
  const [tried, setTried] = useState(false);
  const [settling, setSettling] = useState(false);
  const typed = useTypedHostname(instance.Hostname);
  const recreate = useInstanceAction(instance.Id, 'recreate', {
    onAccepted: () => notify.notice({ title: t('reinstall.started') }),
  });
  const busy = recreate.isPending || settling;
  const usernameBad = username !== '' && !USERNAME.pattern.test(username);
  const required = (missing: boolean) => (tried && missing ? t('errors:field.required') : undefined);
  const hostnameError =
    !tried || typed.matches
      ? undefined
      : typed.typed === ''
        ? t('errors:field.required')
        : t('reinstall.hostnameMismatch');

  const reset = () => {
    setPassword('');
    setPicked(null);
    setKeyIds([]);
    setTried(false);
    typed.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = () => {
    if (templateId === null || username.trim() === '' || password === '' || !typed.matches) {
      setTried(true);
      notify.warning({ title: t('reinstall.fillAll') });
      return;
    }
    recreate
      .mutateAsync({
        TemplateId: templateId,
        Username: username.trim(),
        Password: password,
        Start: start,
        SSHKeyIds: keyIds,
      })
      .then(
        () => {
          setSettling(true);
          window.setTimeout(() => {
            setSettling(false);
            notify.success({ title: t('reinstall.done') });
            close();
          }, REINSTALL_SETTLE_MS);
        },
        (error: unknown) => notifyFailure(t('reinstall.failed'), error, { long: true }),
      );
  };

  return (
    <Dialog
      opened={opened}
      onClose={busy ? () => undefined : close}
      title={t('reinstall.title', { host: instance.Hostname })}
      size="lg"
      withCloseButton={!busy}
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('reinstall.warning')}
        </Text>
        <ImageChoice
          templates={templates.data}
          value={templateId}
          onChange={setPicked}
          error={required(templateId === null) && t('reinstall.imageRequired')}
        />
        <TextInput
          label={t('reinstall.username')}
          required
          value={username}
          maxLength={USERNAME.max}
          error={usernameBad ? t('errors:field.invalid_username') : required(username === '')}
          onChange={(e) => setUsername(e.currentTarget.value.trim())}
        />
        <PasswordField
          label={t('reinstall.password')}
          required
          value={password}
          onChange={setPassword}
          error={required(password === '')}
          top
        />
        <SshKeyPicker value={keyIds} onChange={setKeyIds} />
        <ToggleSwitch label={t('reinstall.start')} checked={start} onChange={setStart} />
        {typed.field({ error: hostnameError })}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            {t('confirm.cancel')}
          </Button>
          <Button color={DANGER} onClick={submit} loading={busy}>
            {t('reinstall.submit')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
