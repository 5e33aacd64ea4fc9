import { chromium } from '@playwright/test';

/** Debian's Chromium with the flags this machine needs: never a downloaded browser. */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/**
 * The features Playwright (1.65) launches Chromium with disabled. Chromium reads only the last
 * `--disable-features`, so ours below repeats them; `checkPlaywrightFeatures` fails the end-to-end
 * run when an upgraded Playwright disables others.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 keeps the address bar's suggestion popup (chrome://omnibox-popup.top-chrome) loaded in
 * a renderer of its own, also headless where no address bar is drawn: in the end-to-end suite that
 * renderer used about a fifth of the browsers' CPU. No page can reach it.
 */
const NO_OMNIBOX_POPUP = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** CHROMIUM for Playwright's launches (the end-to-end tests and tools): without the popup's renderer. */
export const PLAYWRIGHT_CHROMIUM = {
  ...CHROMIUM,
  args: [...CHROMIUM.args, `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...NO_OMNIBOX_POPUP].join(',')}`],
};

/** The `--disable-features` values of a Chromium launched with `options`, read back from the browser. */
export async function disabledFeatures(options: typeof CHROMIUM): Promise<string[][]> {
  // Chromium answers its command line only to an automation launch.
  const browser = await chromium.launch({ ...options, args: [...options.args, '--enable-automation'] });
  try {
    const cdp = await browser.newBrowserCDPSession();
    const { arguments: argv } = (await cdp.send('Browser.getBrowserCommandLine')) as { arguments: string[] };
    return argv.filter((a) => a.startsWith('--disable-features=')).map((a) => a.split('=')[1]!.split(','));
  } finally {
    await browser.close();
  }
}

/** Refuses to run when Playwright's own disabled features are not the ones PLAYWRIGHT_CHROMIUM repeats. */
export async function checkPlaywrightFeatures(): Promise<void> {
  const [own] = await disabledFeatures(CHROMIUM);
  if (JSON.stringify(own) !== JSON.stringify(PLAYWRIGHT_DISABLED_FEATURES))
    throw new Error(
      `Playwright now launches Chromium with --disable-features=${own?.join(',')}: update PLAYWRIGHT_DISABLED_FEATURES in apps/web/e2e/support/chromium.ts`,
    );
}
