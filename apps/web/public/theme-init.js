/* global window, document */
// Runs before first paint (loaded as a file because the CSP forbids inline scripts): applies the
// stored theme ('light' | 'dark' | 'system', key "theme") and language so nothing flashes.
(function () {
  var root = document.documentElement;
  var theme = null;
  var locale = null;
  try {
    theme = window.localStorage.getItem('theme');
    locale = window.localStorage.getItem('locale');
  } catch {
    /* storage may be disabled */
  }
  var dark =
    theme === 'dark' ||
    (theme !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  if (locale === 'zh_CN') root.setAttribute('lang', 'zh-CN');
})();
