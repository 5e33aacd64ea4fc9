import affiliate from './affiliate.json';
import billing from './billing.json';
import dashboard from './dashboard.json';
import errorsConsole from './errors-console.json';
import deploy from './deploy.json';
import instanceLive from './instance-live.json';
import instances from './instances.json';
import instanceConsole from './instance-console.json';
import instanceData from './instance-data.json';
import instanceActions from './instance-actions.json';
import me from './me.json';
import notices from './notices.json';
import shell from './shell.json';
import tickets from './tickets.json';
import type { ConsoleResources } from '../../lib/i18n/resources';

/** The Chinese strings of the signed-in console, loaded with its first page. */
export default {
  // Error texts only the console shows; merged into the public `errors` namespace when it loads.
  errors: errorsConsole,
  me,
  notices,
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
  tickets,
} satisfies ConsoleResources;
