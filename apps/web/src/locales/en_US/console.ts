import dashboard from './dashboard.json';
import deploy from './deploy.json';
import instances from './instances.json';
import instanceActions from './instance-actions.json';
import me from './me.json';
import shell from './shell.json';

/** The English strings of the signed-in console, loaded with its first page. */
export default { me, dashboard, shell, deploy, instances, 'instance-actions': instanceActions };
