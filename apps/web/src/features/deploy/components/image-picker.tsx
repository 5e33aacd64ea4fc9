import type { Template } from '@nimbus/contract';
import { Select, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/react';
import classes from './deploy.module.css';

interface ImagePickerProps {
  templates: Template[] | undefined;
  value: number | null;
  onChange: (template: Template) => void;
}

/** Templates grouped by distribution, a dropdown of versions in each. */
export function ImagePicker({ templates, value, onChange }: ImagePickerProps) {
  const { t } = useTranslation('deploy');
  if (templates === undefined) return <Text c="dimmed">{t('image.loading')}</Text>;
  if (templates.length === 0) return <Text c="dimmed">{t('image.none')}</Text>;
  const distributions = [...new Set(templates.map((tpl) => tpl.Distribution))];
  const chosen = templates.find((tpl) => tpl.Id === value);
  return (
    <>
      {chosen ? null : (
        <Text c="dimmed" fz="sm" mb="sm">
          {t('image.available', { count: templates.length })}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {distributions.map((distribution) => {
          const versions = templates.filter((tpl) => tpl.Distribution === distribution);
          const selected = chosen?.Distribution === distribution;
          return (
            <div key={distribution} className={classes.card} data-selected={selected || undefined}>
              <Text fw={600} mb={6}>
                {distribution}
              </Text>
              <Select
                aria-label={distribution}
                placeholder={t('image.choose')}
                data={versions.map((tpl) => ({ value: String(tpl.Id), label: tpl.Name }))}
                value={selected ? String(chosen.Id) : null}
                onChange={(id) => {
                  const template = versions.find((tpl) => String(tpl.Id) === id);
                  if (template) onChange(template);
                }}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            </div>
          );
        })}
      </SimpleGrid>
    </>
  );
}
