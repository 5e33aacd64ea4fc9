import { TEMPLATE_KEYS } from '@nimbus/pve-emulator';
import { readComputeConfig } from '../../infra/compute/config.js';
import { EMBEDDED_REGION_IDS } from '../../infra/compute/embedded.js';

/** Which images each compute region can deploy: region id → image keys with a template on every cluster. */
export type ComputeMap = Map<string, Set<string>>;

/** The map for COMPUTE_CONFIG, or for the embedded emulated clusters when it is unset; nothing is started. */
export function computeMap(computeConfig: string | undefined): ComputeMap {
  if (!computeConfig) return new Map(EMBEDDED_REGION_IDS.map((id) => [id, new Set(TEMPLATE_KEYS)]));
  const config = readComputeConfig(computeConfig);
  return new Map(
    config.regions.map((r) => {
      const [first, ...rest] = r.clusters.map((c) => new Set(Object.keys(c.templates)));
      const common = [...(first ?? [])].filter((k) => rest.every((s) => s.has(k)));
      return [r.id, new Set(common)];
    }),
  );
}
