import { describe, expect, it } from 'vitest';
import { overallProgress, progressColor, progressPercent, sectionsProgress } from './progress';

describe('progressColor', () => {
  it('is grey when the total is 0', () => {
    expect(progressColor({ completed: 0, total: 0 })).toBe('gray');
  });

  it('is red under 30%', () => {
    expect(progressColor({ completed: 0, total: 10 })).toBe('red');
    expect(progressColor({ completed: 29, total: 100 })).toBe('red');
  });

  it('is yellow from 30% to under 70%', () => {
    expect(progressColor({ completed: 30, total: 100 })).toBe('yellow');
    expect(progressColor({ completed: 69, total: 100 })).toBe('yellow');
  });

  it('is green from 70%', () => {
    expect(progressColor({ completed: 70, total: 100 })).toBe('green');
    expect(progressColor({ completed: 5, total: 5 })).toBe('green');
  });

  it('does not round 29.5% up into yellow', () => {
    expect(progressColor({ completed: 59, total: 200 })).toBe('red');
  });
});

describe('progress sums', () => {
  const sections = {
    Corporate: { completed: 3, total: 3 },
    Finance: { completed: 1, total: 4 },
    Tax: { completed: 0, total: 0 },
  };

  it('adds up items across sections', () => {
    expect(overallProgress(sections)).toEqual({ completed: 4, total: 7 });
    expect(progressPercent({ completed: 4, total: 7 })).toBe(57);
    expect(overallProgress(null)).toEqual({ completed: 0, total: 0 });
  });

  it('counts complete sections', () => {
    expect(sectionsProgress(sections)).toEqual({ completed: 1, total: 3 });
  });
});
