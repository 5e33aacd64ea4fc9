import { describe, expect, it } from 'vitest';
import { uptimeParts } from './uptime';

describe('uptimeParts', () => {
  it('picks the largest unit', () => {
    expect(uptimeParts(42)).toMatchObject({ unit: 'seconds', s: 42 });
    expect(uptimeParts(125)).toMatchObject({ unit: 'minutes', m: 2 });
    expect(uptimeParts(3 * 3600 + 60)).toMatchObject({ unit: 'hours', h: 3, m: 1 });
    expect(uptimeParts(2 * 86_400 + 3600)).toMatchObject({ unit: 'days', d: 2, h: 1, m: 0 });
  });
});
