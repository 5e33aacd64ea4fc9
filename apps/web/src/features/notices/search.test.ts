import { describe, expect, it } from 'vitest';
import { parseNoticesSearch } from './search';

describe('/notices search parameters', () => {
  it('keeps a notice id, the read filter and a page past the first', () => {
    expect(parseNoticesSearch({ id: 12, status: 'unread', page: '3' })).toEqual({ id: 12, status: 'unread', page: 3 });
    expect(parseNoticesSearch({ id: '7' })).toEqual({ id: 7, status: undefined, page: undefined });
  });

  it('drops malformed values so a hand-edited address still opens the list', () => {
    expect(parseNoticesSearch({ id: 'x', status: 'new', page: 1 })).toEqual({
      id: undefined,
      status: undefined,
      page: undefined,
    });
    expect(parseNoticesSearch({ id: 0, page: 1.5 })).toEqual({ id: undefined, status: undefined, page: undefined });
    expect(parseNoticesSearch({ id: 2 ** 60, page: 2_000_000 })).toEqual({
      id: undefined,
      status: undefined,
      page: undefined,
    });
  });
});
