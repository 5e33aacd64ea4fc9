import { readFileSync } from 'node:fs';
import { computeMap } from '../../domains/catalog/compute-map.js';
import { exportCatalog } from '../../domains/catalog/export.js';
import { importCatalog } from '../../domains/catalog/seed.js';
import type { Command } from './types.js';

export const catalogCommands: Record<string, Command> = {
  'catalog:import': {
    usage: 'FILE      (YAML; validated, every bad field named, applied in one transaction)',
    async run({ db, args, config }) {
      const file = args[0];
      if (!file) throw new Error('give the catalogue file: catalog:import FILE');
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (e) {
        throw new Error(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
      const done = await importCatalog(db, text, computeMap(config.COMPUTE_CONFIG));
      return `imported ${done.regions} regions and ${done.products} products from ${file}`;
    },
  },
  'catalog:export': {
    usage: '          (YAML on standard output)',
    async run({ db }) {
      return (await exportCatalog(db)).trimEnd();
    },
  },
};
