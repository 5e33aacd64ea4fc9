import { ProfileSchema, type Profile } from '@nimbus/contract';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '../../../lib/form/use-form';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { showFormError } from '../../../lib/form/server-errors';
import { useFormField } from '../../../lib/form/use-form-field';
import { zodValidate } from '../../../lib/form/zod-validate';
import { notify } from '../../../lib/notify';
import { usePreferences } from '../../../lib/preferences/use-preferences';
import { useSessionUser } from '../../../lib/session/session-query';
import { useSetProfile } from '../api/set-profile';
import { countryOptions } from '../countries';
import { SectionCard } from './section-card';

const TEXT_FIELDS = [
  ['FirstName', 'firstName', 'given-name'],
  ['LastName', 'lastName', 'family-name'],
  ['Company', 'company', 'organization'],
  ['Address1', 'address1', 'address-line1'],
  ['Address2', 'address2', 'address-line2'],
  ['City', 'city', 'address-level2'],
  ['State', 'state', 'address-level1'],
  ['Postcode', 'postcode', 'postal-code'],
] as const;

export function ProfileForm() {
  const { t } = useTranslation(['me', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const user = useSessionUser();
  const { locale } = usePreferences();
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const save = useSetProfile();
  const form = useForm<Profile>({ initialValues: user.Profile, validate: zodValidate<Profile>(ProfileSchema) });
  const field = useFormField(form);

  const submit = (values: Profile) =>
    save.mutate(values, {
      onSuccess: (profile) => {
        form.setInitialValues(profile);
        form.setValues(profile);
        notify.success({ title: t('profile.success') });
      },
      onError: (error) => showFormError(error, form, tErrors, t('profile.failed')),
    });

  const country = field('Country');
  return (
    <SectionCard id="profile-heading" title={t('profile.heading')} description={t('profile.description')}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {TEXT_FIELDS.map(([name, label, autoComplete]) => (
              <TextInput key={name} {...field(name)} label={t(`profile.${label}`)} autoComplete={autoComplete} />
            ))}
            <Select
              {...country}
              value={form.getValues().Country || null}
              onChange={(value) => form.setFieldValue('Country', value ?? '')}
              label={t('profile.country')}
              placeholder={t('profile.countryPlaceholder')}
              nothingFoundMessage={t('profile.countryEmpty')}
              data={countries}
              searchable
              clearable
              autoComplete="country"
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
