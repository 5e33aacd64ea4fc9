import { describe, expect, it } from 'vitest';
import { formatMinor, greetingFor, parseMinor } from './index.js';

describe('greeting by hour', () => {
  it.each([
    [4, 'night'],
    [5, 'morning'],
    [11, 'morning'],
    [12, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [22, 'evening'],
    [23, 'night'],
    [0, 'night'],
  ])('%i o’clock is %s', (hour, greeting) => {
    expect(greetingFor(hour)).toBe(greeting);
  });
});

describe('money', () => {
  it('formats minor units with two decimals', () => {
    expect([formatMinor(0), formatMinor(5), formatMinor(12345), formatMinor(-250)]).toEqual([
      '0.00',
      '0.05',
      '123.45',
      '-2.50',
    ]);
  });

  it('parses decimal text exactly', () => {
    expect([parseMinor('10'), parseMinor('10.5'), parseMinor('0.07'), parseMinor('-3.25')]).toEqual([
      1000, 1050, 7, -325,
    ]);
    expect([parseMinor('1.234'), parseMinor('abc'), parseMinor('1e3')]).toEqual([null, null, null]);
  });
});
