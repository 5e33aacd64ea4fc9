import auth from './auth.json';
import common from './common.json';
import dashboard from './dashboard.json';
import errors from './errors.json';
import me from './me.json';
import shell from './shell.json';

/** Every English string, one module so that the language loads as one chunk. */
export default { common, auth, errors, me, dashboard, shell };
