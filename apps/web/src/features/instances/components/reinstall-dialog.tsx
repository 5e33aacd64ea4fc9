import { USERNAME, type InstanceDetail, type InstanceFull, type Template } from '@nimbus/contract';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DANGER } from './confirm-dialog';
import { ToggleSwitch } from './toggle-switch';
import { Dialog } from '../../../components/dialog';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { useInstanceAction } from '../api/instance-actions-api';
import { productTemplatesQueryOptions } from '../api/lifecycle-api';
import { notifyFailure } from './action-feedback';
import { PasswordField } from './password-field';
import classes from './actions.module.css';

/** SPEC §4/§9: after the reinstall task succeeds, the dialog waits 1 s before it says so and closes. */
export const REINSTALL_SETTLE_MS = 1000;

/** SPEC §2: the images grouped by distribution, a dropdown of versions in each (as on /deploy). */
function ImageChoice({
  templates,
  value,
  onChange,
}: {
  templates: Template[] | undefined;
  value: number | null;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation('instance-actions');
  if (templates === undefined) return <Text c="dimmed">{t('reinstall.loadingImages')}</Text>;
  if (templates.length === 0) return <Text c="dimmed">{t('reinstall.noImages')}</Text>;
  const distributions = [...new Set(templates.map((tpl) => tpl.Distribution))];
  const chosen = templates.find((tpl) => tpl.Id === value);
  return (
    <Stack gap="xs">
      <Text fw={500} fz="sm">
        {t('reinstall.image')}
      </Text>
      {chosen ? null : (
        <Text c="dimmed" fz="sm">
          {t('reinstall.available', { count: templates.length })}
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
 * SPEC §2/§4/§5/§8: reinstall from an image with new credentials. Missing image, username or
 * password → "please fill all fields"; otherwise post, say "reinstalling" (3 s), poll the task every
 * 250 ms; Status 5 → "reinstall failed" (3 s); success → wait 1 s, success toast, close.
 */
export function ReinstallDialog({ instance, opened, onClose }: ReinstallDialogProps) {
  const { t } = useTranslation('instance-actions');
  const templates = useQuery({ ...productTemplatesQueryOptions(instance.ProductId), enabled: opened });
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [username, setUsername] = useState(instance.Username ?? 'root');
  const [password, setPassword] = useState('');
  const [start, setStart] = useState(true);
  const [settling, setSettling] = useState(false);
  const recreate = useInstanceAction<{ TemplateId: number; Username: string; Password: string; Start: boolean }>(
    instance.Id,
    'recreate',
    { onAccepted: () => notify.notice({ title: t('reinstall.started') }) },
  );
  const busy = recreate.isPending || settling;
  const usernameBad = username !== '' && !USERNAME.pattern.test(username);

  const submit = () => {
    if (templateId === null || username.trim() === '' || password === '') {
      notify.warning({ title: t('reinstall.fillAll') });
      return;
    }
    recreate.mutateAsync({ TemplateId: templateId, Username: username.trim(), Password: password, Start: start }).then(
      () => {
        setSettling(true);
        window.setTimeout(() => {
          setSettling(false);
          notify.success({ title: t('reinstall.done') });
          setPassword('');
          setTemplateId(null);
          onClose();
        }, REINSTALL_SETTLE_MS);
      },
      (error: unknown) => notifyFailure(t('reinstall.failed'), error, { long: true }),
    );
  };

  return (
    <Dialog
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={t('reinstall.title', { host: instance.Hostname })}
      size="lg"
      withCloseButton={!busy}
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('reinstall.warning')}
        </Text>
        <ImageChoice templates={templates.data} value={templateId} onChange={setTemplateId} />
        <TextInput
          label={t('reinstall.username')}
          value={username}
          maxLength={USERNAME.max}
          error={usernameBad ? t('errors:field.invalid_username') : undefined}
          onChange={(e) => setUsername(e.currentTarget.value.trim())}
        />
        <PasswordField label={t('reinstall.password')} value={password} onChange={setPassword} />
        <ToggleSwitch label={t('reinstall.start')} checked={start} onChange={setStart} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
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
