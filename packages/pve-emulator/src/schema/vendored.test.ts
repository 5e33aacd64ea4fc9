import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('vendored schema files', () => {
  it.each([8, 9])('pve%i subset is byte-for-byte the copy recorded in schema/README.md', (v) => {
    const dir = new URL('../../schema/', import.meta.url);
    const sum = createHash('sha256')
      .update(readFileSync(new URL(`pve${v}-api-subset.json`, dir)))
      .digest('hex');
    // A reformat (e.g. prettier --write) changes the sum; restore the verbatim copy instead.
    expect(readFileSync(new URL('README.md', dir), 'utf8')).toContain(`\`pve${v}-api-subset.json\`: \`${sum}\``);
  });
});
