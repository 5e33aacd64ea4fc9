// The instances domain's public entry: what other domains use of it. Other domains import from here,
// never from the files behind it.
export { assertActionable, LIVE, startAction } from './actions.js';
export { allocateAddress, freeAddresses, releaseAddress } from './addresses-repository.js';
export { type BaseState, durable, type Failure, recordUpid } from './durable.js';
export { type InstanceRow, instances, instanceViews } from './repository.js';
export { toSummary } from './service.js';
export { configure, firewall } from './vm-config.js';
export { assertVmOurs, type DeployState, ensureVm, removeOurVm, removeVm, type Vm } from './vm.js';
export { instanceEvents } from './events.js';
