import path from 'node:path';
import { restoreBackup, writeBackup } from '../../infra/db/backup.js';
import { runningOwner } from '../../infra/db/embedded.js';
import type { Command } from './types.js';

const counted = (tables: Record<string, number>) => Object.values(tables).reduce((a, b) => a + b, 0);

export const backupCommands: Record<string, Command> = {
  backup: {
    usage: '<new folder> (every row and the state folders of DATA_DIR, while the console runs)',
    async run({ db, config, args }) {
      const [dir] = args;
      if (!dir) throw new Error('name the folder to write the backup to');
      const m = await writeBackup(db, path.resolve(config.DATA_DIR), path.resolve(dir));
      return [
        `backup written to ${path.resolve(dir)}`,
        `  ${counted(m.tables)} rows in ${Object.keys(m.tables).length} tables, schema at ${m.migrations.at(-1) ?? 'none'}`,
        `  folders: ${m.folders.length ? m.folders.join(', ') : 'none'}`,
      ].join('\n');
    },
  },
  restore: {
    usage: '<backup folder> [--replace] (into a stopped console: a new DATA_DIR, or with --replace over its data)',
    switches: ['replace'],
    async run({ db, config, flags, args }) {
      const [dir] = args;
      if (!dir) throw new Error('name the backup folder to restore');
      const owner = config.DATABASE_URL ? null : runningOwner(config.DATA_DIR);
      if (owner && owner.pid !== process.pid) {
        throw new Error(
          `the console (process ${owner.pid}) is running on ${path.resolve(config.DATA_DIR)}: stop it first`,
        );
      }
      const m = await restoreBackup(db, path.resolve(config.DATA_DIR), path.resolve(dir), {
        replace: 'replace' in flags,
      });
      return [
        `restored ${path.resolve(dir)} (made ${m.createdAt})`,
        `  ${counted(m.tables)} rows in ${Object.keys(m.tables).length} tables; folders: ${m.folders.length ? m.folders.join(', ') : 'none'}`,
        '  start the console to serve it',
      ].join('\n');
    },
  },
};
