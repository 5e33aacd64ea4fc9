import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** The brand blue. Shade 7 carries white text at 6.3:1 and reads at ≥ 5:1 on its tinted backgrounds. */
const ocean: MantineColorsTuple = [
  '#e7f0ff',
  '#cfe0ff',
  '#9fc1ff',
  '#80b0ff',
  '#5c95ff',
  '#1f70ff',
  '#0069ff',
  '#0057d6',
  '#0049b3',
  '#003a8f',
];

export const theme = createTheme({
  primaryColor: 'ocean',
  primaryShade: { light: 7, dark: 7 },
  colors: { ocean },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
  headings: { fontWeight: '650' },
  focusRing: 'auto',
  other: {
    // Dimmed text tones chosen for ≥ 4.5:1 on the body and card backgrounds of each scheme.
    dimmedLight: '#5f6670',
    dimmedDark: '#a6a6a6',
  },
  components: {
    Button: { defaultProps: { size: 'sm' } },
    Checkbox: { defaultProps: { size: 'md' } },
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'md' } },
  },
});

/** Raises Mantine's defaults that fall short of WCAG AA contrast (dimmed, error, dark anchor, disabled). */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': String(t.other.dimmedLight),
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    // Teal 9 read at 4.49:1 on its tinted background over a white card (Lighthouse, a paid or
    // running badge); this tone keeps 5.8:1.
    '--mantine-color-teal-light-color': '#076b4d',
    // Orange 9 reads at 3.9:1 on its tinted background; this tone keeps 5:1 (unpaid, test gateway).
    '--mantine-color-orange-light-color': '#b8400d',
    '--mantine-color-orange-outline': '#b8400d',
    '--app-surface': 'var(--mantine-color-gray-0)',
    // Disabled controls keep their look (flat grey, no colour) but stay readable: 4.8:1, where
    // Mantine's gray 5 on gray 2 read at 1.8:1.
    '--mantine-color-disabled-color': '#606870',
  },
  dark: {
    '--mantine-color-dimmed': String(t.other.dimmedDark),
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    '--mantine-color-anchor': 'var(--mantine-color-ocean-3)',
    '--mantine-color-ocean-text': 'var(--mantine-color-ocean-3)',
    '--mantine-color-red-text': 'var(--mantine-color-red-5)',
    '--app-surface': 'var(--mantine-color-dark-8)',
    // 4.8:1 on the disabled background (dark 6), where Mantine's dark 3 read at 2.6:1.
    '--mantine-color-disabled-color': '#999999',
  },
});
