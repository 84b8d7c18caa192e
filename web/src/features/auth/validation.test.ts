import { describe, expect, it } from 'vitest';
import { validateLogin, validateRegister } from './validation';

describe('login validation', () => {
  it('needs both e-mail and password', () => {
    expect(validateLogin({ email: '', password: 'x' })).toBe('Please enter your email and password');
    expect(validateLogin({ email: 'a@b.c', password: '' })).toBe('Please enter your email and password');
    expect(validateLogin({ email: '   ', password: 'x' })).toBe('Please enter your email and password');
    expect(validateLogin({ email: 'a@b.c', password: 'x' })).toBeNull();
  });
});

describe('register validation', () => {
  it('needs all three fields', () => {
    expect(validateRegister({ email: 'a@b.c', password: 'secret1', confirmPassword: '' })).toBe('Please fill in all fields');
    expect(validateRegister({ email: '', password: 'secret1', confirmPassword: 'secret1' })).toBe('Please fill in all fields');
  });

  it('needs matching passwords', () => {
    expect(validateRegister({ email: 'a@b.c', password: 'secret1', confirmPassword: 'secret2' })).toBe('Passwords do not match');
  });

  it('needs at least 6 characters', () => {
    expect(validateRegister({ email: 'a@b.c', password: 'abc12', confirmPassword: 'abc12' })).toBe(
      'Password must be at least 6 characters',
    );
  });

  it('does not check uppercase, lowercase or digits', () => {
    expect(validateRegister({ email: 'a@b.c', password: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });
});
