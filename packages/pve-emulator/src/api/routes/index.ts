import type { Handler } from '../context.js';
import { agentRoutes } from './agent.js';
import { backupRoutes } from './backup.js';
import { cloneRoutes } from './clone.js';
import { clusterRoutes } from './cluster.js';
import { consoleRoutes } from './console.js';
import { firewallRoutes } from './firewall.js';
import { powerRoutes } from './power.js';
import { snapshotRoutes } from './snapshots.js';
import { storageContentRoutes } from './storage-content.js';
import { taskRoutes } from './tasks.js';
import { vmConfigRoutes } from './vm-config.js';
import { vmExtraRoutes } from './vm-extra.js';
import { vmStatusRoutes } from './vm-status.js';

/** Every implemented operation, keyed `METHOD /schema/path`. */
export const handlers: Record<string, Handler> = {
  ...clusterRoutes,
  ...vmConfigRoutes,
  ...vmStatusRoutes,
  ...powerRoutes,
  ...cloneRoutes,
  ...taskRoutes,
  ...consoleRoutes,
  ...snapshotRoutes,
  ...agentRoutes,
  ...firewallRoutes,
  ...backupRoutes,
  ...storageContentRoutes,
  ...vmExtraRoutes,
};
