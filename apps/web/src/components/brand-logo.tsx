import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconCloud } from '@tabler/icons-react';
import { BRAND_NAME } from '../lib/brand';

interface BrandLogoProps {
  /** On a filled background the mark turns white. */
  inverted?: boolean;
}

export function BrandLogo({ inverted = false }: BrandLogoProps) {
  return (
    <Group gap={10} wrap="nowrap">
      <ThemeIcon size={34} radius="md" variant={inverted ? 'white' : 'filled'} aria-hidden>
        <IconCloud size={20} stroke={2} />
      </ThemeIcon>
      <Text fw={700} fz="lg" c={inverted ? 'white' : undefined} lh={1}>
        {BRAND_NAME}
      </Text>
    </Group>
  );
}
