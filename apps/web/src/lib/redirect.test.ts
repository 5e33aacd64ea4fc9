import { describe, expect, it } from 'vitest';
import { redirectTarget, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps same-origin paths', () => {
    expect(safeRedirect('/me')).toBe('/me');
    expect(safeRedirect('/instances/5/?tab=network#x')).toBe('/instances/5/?tab=network#x');
    expect(safeRedirect('/')).toBe('/');
  });

  it('refuses anything that could leave the origin', () => {
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'me',
      '',
      ' /me',
      '/me\n//evil',
      '/\tx',
    ]) {
      expect(safeRedirect(bad)).toBeUndefined();
    }
  });

  it('refuses non-strings', () => {
    expect(safeRedirect(undefined)).toBeUndefined();
    expect(safeRedirect(42)).toBeUndefined();
    expect(safeRedirect(['/me'])).toBeUndefined();
  });

  it('falls back to the dashboard', () => {
    expect(redirectTarget('//evil.example')).toBe('/dashboard');
    expect(redirectTarget(undefined)).toBe('/dashboard');
    expect(redirectTarget('/billing')).toBe('/billing');
  });
});
