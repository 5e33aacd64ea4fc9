import affiliate from './affiliate.json';
import billing from './billing.json';
import dashboard from './dashboard.json';
import deploy from './deploy.json';
import instanceLive from './instance-live.json';
import instances from './instances.json';
import instanceConsole from './instance-console.json';
import instanceData from './instance-data.json';
import instanceActions from './instance-actions.json';
import me from './me.json';
import shell from './shell.json';
import type { ConsoleResources } from '../../lib/i18n/resources';

/** The Chinese strings of the signed-in console, loaded with its first page. */
export default {
  me,
  dashboard,
  shell,
  deploy,
  instances,
  'instance-live': instanceLive,
  'instance-data': instanceData,
  'instance-console': instanceConsole,
  'instance-actions': instanceActions,
  affiliate,
  billing,
} satisfies ConsoleResources;
