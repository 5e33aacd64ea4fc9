import { MantineProvider } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { showCarriedToasts } from '../lib/notify';
import { themeStorageManager } from '../lib/theme/color-scheme-manager';
import { cssVariablesResolver, theme } from '../lib/theme/theme';
import { Toasts } from './toasts';

const colorSchemeManager = themeStorageManager();

export function Providers({ children }: { children: ReactNode }) {
  useEffect(showCarriedToasts, []);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <Toasts />
      {children}
    </MantineProvider>
  );
}
