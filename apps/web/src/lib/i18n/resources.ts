import enAuth from '../../locales/en_US/auth.json';
import enCommon from '../../locales/en_US/common.json';
import enDashboard from '../../locales/en_US/dashboard.json';
import enErrors from '../../locales/en_US/errors.json';
import enMe from '../../locales/en_US/me.json';
import enShell from '../../locales/en_US/shell.json';
import zhAuth from '../../locales/zh_CN/auth.json';
import zhCommon from '../../locales/zh_CN/common.json';
import zhDashboard from '../../locales/zh_CN/dashboard.json';
import zhErrors from '../../locales/zh_CN/errors.json';
import zhMe from '../../locales/zh_CN/me.json';
import zhShell from '../../locales/zh_CN/shell.json';

export const en_US = {
  common: enCommon,
  auth: enAuth,
  errors: enErrors,
  me: enMe,
  dashboard: enDashboard,
  shell: enShell,
} as const;

export const zh_CN: typeof en_US = {
  common: zhCommon,
  auth: zhAuth,
  errors: zhErrors,
  me: zhMe,
  dashboard: zhDashboard,
  shell: zhShell,
};

export const resources = { en_US, zh_CN } as const;
export const namespaces = Object.keys(en_US) as (keyof typeof en_US)[];
