import type { Config } from '../../infra/config/env.js';
import type { Db } from '../../infra/db/pool.js';

/** What a CLI command gets: the database, the configuration and its arguments. */
export interface CommandEnv {
  db: Db;
  config: Config;
  flags: Record<string, string>;
  args: string[];
}

export interface Command {
  usage: string;
  /** Flags that take no value. */
  switches?: readonly string[];
  run(env: CommandEnv): Promise<string>;
}
