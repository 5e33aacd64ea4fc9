import { parseArgs } from 'node:util';
import { CHAOS_FAULTS, startEmulator } from './index.js';

/**
 * Standalone emulator: `npm run pve-emulator -- --port 8006 --token 'USER@REALM!ID=SECRET'`; `--cluster`
 * and `--nodes` name the cluster and its nodes, `--faults chaos` makes it misbehave (CHAOS_FAULTS).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8006' },
      token: { type: 'string', multiple: true, default: [] },
      schema: { type: 'string', default: '8' },
      speed: { type: 'string', default: '1' },
      user: { type: 'string' },
      password: { type: 'string' },
      seed: { type: 'string', default: '1' },
      cluster: { type: 'string', default: 'pve' },
      nodes: { type: 'string', default: 'pve1,pve2' },
      faults: { type: 'string', default: 'none' },
      'state-file': { type: 'string' },
    },
  });
  const problems = [
    !/^\d+$/.test(values.port) || Number(values.port) > 65535 ? `--port must be 0-65535, got '${values.port}'` : '',
    values.schema !== '8' && values.schema !== '9' ? `--schema must be 8 or 9, got '${values.schema}'` : '',
    !(Number(values.speed) > 0) ? `--speed must be a positive number, got '${values.speed}'` : '',
    ...values.token
      .filter((t) => !/^[^@!=]+@[^@!=]+![^@!=]+=.+$/.test(t))
      .map((t) => `--token must look like USER@REALM!ID=SECRET, got '${t}'`),
    (values.user === undefined) !== (values.password === undefined) ? '--user and --password go together' : '',
    !/^[a-z][a-z0-9-]{0,31}$/.test(values.cluster)
      ? `--cluster must be lowercase letters, digits and hyphens, got '${values.cluster}'`
      : '',
    !/^[a-z0-9][a-z0-9-]*(,[a-z0-9][a-z0-9-]*)*$/.test(values.nodes)
      ? `--nodes must be a comma list of node names, got '${values.nodes}'`
      : '',
    values.faults !== 'none' && values.faults !== 'chaos'
      ? `--faults must be none or chaos, got '${values.faults}'`
      : '',
  ].filter(Boolean);
  if (problems.length) throw new Error(problems.join('; '));
  const schema = values.schema === '9' ? 9 : 8;
  const users = values.user && values.password ? [{ username: values.user, password: values.password }] : [];
  const em = await startEmulator({
    port: Number(values.port),
    schema,
    speed: Number(values.speed),
    tokens: values.token,
    users,
    seed: Number(values.seed),
    cluster: { name: values.cluster, nodes: values.nodes.split(',') },
    faults: values.faults === 'chaos' ? CHAOS_FAULTS : [],
    stateFile: values['state-file'],
  });
  process.stdout.write(
    `Proxmox VE ${schema === 9 ? '9.1' : '8.4'} API simulator (nimbus pve-emulator, not a real cluster) listening on ${em.url}/api2/json${values.faults === 'chaos' ? ' with chaos faults' : ''}\n`,
  );
  const stop = (): void => {
    void em.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`pve-emulator: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
