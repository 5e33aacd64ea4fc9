import dashboard from './dashboard.json';
import deploy from './deploy.json';
import instances from './instances.json';
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
  'instance-actions': instanceActions,
} satisfies ConsoleResources;
