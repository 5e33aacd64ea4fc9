import auth from './auth.json';
import common from './common.json';
import errors from './errors.json';

/** The English strings of the public pages, one chunk that loads before the first page is shown. */
export default { common, auth, errors };
