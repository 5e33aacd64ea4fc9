import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');

/** Fixed local ports and paths of the end-to-end environment (all on 127.0.0.1). */
export const E2E = {
  serverPort: 18180,
  smtpPort: 18125,
  mailApiPort: 18126,
  baseUrl: 'http://127.0.0.1:18180',
  dataDir: path.join(root, '.tmp/e2e-data'),
};
