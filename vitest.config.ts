import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on the 2-core CI machine, so every
    // file ran after the other. The server files mostly wait (PostgreSQL, emulated Proxmox, child
    // processes), and each has its own database, ports and data folder: two workers run the whole
    // suite in 5 minutes instead of 9, with the same 1,255 tests passing.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
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
          // can share one module graph: importing the server once per worker instead of once per
          // file (3–4 s each on two busy cores) shortens the run by minutes.
          isolate: false,
          // CLI tests start several real `node --import tsx` processes (3–8 s each on 2 busy cores)
          // and a few start the server itself: 30 s was too tight for them in a full run.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
