/** A status answer's `data` (api/instance/status), for the benches' constant routes. */
export const STATUS_SAMPLE = {
  Name: 'bench-0',
  State: 'running',
  Cpu: 0.25,
  Cpus: 1,
  Mem: 268_435_456,
  Maxmem: 1_073_741_824,
  Netin: 123_456_789,
  Netout: 98_765_432,
  Diskread: 12_345_678,
  Diskwrite: 8_765_432,
  Uptime: 12_345,
  Time: Date.now(),
};
