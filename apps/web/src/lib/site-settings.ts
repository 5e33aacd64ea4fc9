import { SiteSettings } from '@nimbus/contract';
import { api } from './api-client';
import { askOnce, useServerSetting } from './server-setting';

const NONE: SiteSettings = { TermsUrl: null, PrivacyUrl: null };

/** GET api/site: the operator's public settings (the terms and privacy links). */
const getSiteSettings = askOnce(() => api.get('site', SiteSettings));

/** The public settings for the pages before sign-in: none until they arrive, or when they cannot be read. */
export const useSiteSettings = (): SiteSettings => useServerSetting(getSiteSettings, NONE);
