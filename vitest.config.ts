import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on the 2-core CI machine, so every
    // file ran after the other. The server files mostly wait (PostgreSQL, emulated Proxmox, child
    // processes), and each has its own database, ports and data folder: two workers run the whole
    // suite in 5 minutes instead of 9, with the same 1,255 tests passing.
    maxWorkers: 2,
    // Whether a worker process is reused for the next file is the pool's choice, made once from this
    // root setting: a project's `isolate` only decides whether modules are evaluated again within a
    // reused worker. With the pool isolated, every file had a new process that imported the server
    // again (about 3 s of CPU each): reused workers run the Vitest part in 342 s instead of 400 s,
    // with the same 1,303 tests passing. The unit and compute projects still reset their modules
    // between files; the server project shares them (below).
    poolOptions: { forks: { isolate: false } },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          isolate: true,
          include: [
            'packages/contract/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/src/**/*.test.tsx',
            'apps/server/src/**/*.unit.test.ts',
            'scripts/**/*.test.mjs',
          ],
        },
      },
      {
        test: {
          // The Proxmox client against the emulator, and the emulator against Proxmox's schema.
          name: 'compute',
          environment: 'node',
          isolate: true,
          include: ['packages/proxmox/{src,test}/**/*.test.ts', 'packages/pve-emulator/{src,test}/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Each file builds its own app and database through the harness, so the files of a worker
          // share one module graph: the server is imported once per worker, not once per file.
          isolate: false,
          // CLI tests start several real Node processes (seconds each on 2 busy cores)
          // and a few start the server itself: 30 s was too tight for them in a full run.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
