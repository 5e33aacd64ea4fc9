import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it('says nothing for an empty password', () => {
    expect(passwordStrength('')).toBeNull();
  });

  it('counts short, common and repetitive passwords weak however they are written', () => {
    expect(['abc123', 'Password1', 'aaaaaaaaaaaaaaaaaaaa', '1212121212121212'].map(passwordStrength)).toEqual([
      'weak',
      'weak',
      'weak',
      'weak',
    ]);
  });

  it('grades by length and the kinds of characters used', () => {
    expect(passwordStrength('correcthorse')).toBe('fair');
    expect(passwordStrength('Sturdy-Passw0rd!')).toBe('strong');
    expect(passwordStrength('correct horse battery staple')).toBe('strong');
  });
});
