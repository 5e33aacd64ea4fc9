import { THEME_STORAGE_KEY, THEMES, type Theme } from '@nimbus/contract';
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

export function toColorScheme(theme: Theme): MantineColorScheme {
  return theme === 'system' ? 'auto' : theme;
}

export function toTheme(scheme: MantineColorScheme): Theme {
  return scheme === 'auto' ? 'system' : scheme;
}

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/**
 * Mantine's local-storage manager with our stored vocabulary: the key "theme" holds
 * 'light' | 'dark' | 'system' (Mantine calls the last one 'auto').
 */
export function themeStorageManager(key = THEME_STORAGE_KEY): MantineColorSchemeManager {
  let listener: ((event: StorageEvent) => void) | undefined;
  return {
    get: (defaultValue) => {
      try {
        const stored = window.localStorage.getItem(key);
        return isTheme(stored) ? toColorScheme(stored) : defaultValue;
      } catch {
        return defaultValue;
      }
    },
    set: (value) => {
      try {
        window.localStorage.setItem(key, toTheme(value));
      } catch {
        /* storage may be disabled */
      }
    },
    subscribe: (onUpdate) => {
      listener = (event) => {
        if (event.storageArea === window.localStorage && event.key === key && isTheme(event.newValue)) {
          onUpdate(toColorScheme(event.newValue));
        }
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener('storage', listener);
    },
    clear: () => {
      window.localStorage.removeItem(key);
    },
  };
}
