import { describe, expect, it } from 'vitest';
import type { Resources } from './resources';
import { hasKey, translate } from './translate';

const resources = {
  common: {
    greeting: 'Hello, {{name}}',
    images_one: '{{count}} image',
    images_other: '{{count}} images',
    plain: 'Plain',
  },
  errors: { field: { required: 'This field is required' } },
} as unknown as Resources;
const en = new Intl.PluralRules('en-US');
const zh = new Intl.PluralRules('zh-CN');

describe('translate', () => {
  it('finds dotted keys in the listed namespaces in turn, or the one a prefix names', () => {
    expect(translate(resources, en, ['common'], 'plain')).toBe('Plain');
    expect(translate(resources, en, ['errors', 'common'], 'plain')).toBe('Plain');
    expect(translate(resources, en, ['common'], 'errors:field.required')).toBe('This field is required');
    expect(translate(resources, en, ['common'], 'field.required')).toBe('field.required');
    expect(translate(resources, en, ['common'], 'nope:plain')).toBe('nope:plain');
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(translate(resources, en, ['common'], 'greeting', { name: 'Ada' })).toBe('Hello, Ada');
    expect(translate(resources, en, ['common'], 'greeting')).toBe('Hello, {{name}}');
  });

  it('picks the plural form of the language for a count', () => {
    expect(translate(resources, en, ['common'], 'images', { count: 1 })).toBe('1 image');
    expect(translate(resources, en, ['common'], 'images', { count: 4 })).toBe('4 images');
    expect(translate(resources, zh, ['common'], 'images', { count: 1 })).toBe('1 images');
  });

  it('tells whether a prefixed key exists', () => {
    expect(hasKey(resources, 'errors:field.required')).toBe(true);
    expect(hasKey(resources, 'errors:field')).toBe(false);
    expect(hasKey(resources, 'field.required')).toBe(false);
  });
});
