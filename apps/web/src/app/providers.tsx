import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { showCarriedToasts } from '../lib/notify';
import { queryClient } from '../lib/query-client';
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
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
