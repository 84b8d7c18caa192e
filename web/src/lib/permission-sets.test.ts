import { describe, expect, it } from 'vitest';
import { CAPABILITIES, emptyCapabilities, enabledCapabilities, toggleCapability, unmetRequirements } from './permission-sets';

describe('capability requirements (docs/product.md §5)', () => {
  it('turns on view with every capability that requires it', () => {
    for (const cap of CAPABILITIES.filter((c) => c !== 'view' && c !== 'upload' && c !== 'approve_answers')) {
      const next = toggleCapability(emptyCapabilities(), cap, true);
      expect(enabledCapabilities(next)).toEqual(CAPABILITIES.filter((c) => c === 'view' || c === cap));
    }
  });

  it('turns on answer_questions, and through it view, with approve_answers (decision 49)', () => {
    const next = toggleCapability(emptyCapabilities(), 'approve_answers', true);
    expect(enabledCapabilities(next)).toEqual(['view', 'answer_questions', 'approve_answers']);
  });

  it('turns on nothing else for view and upload', () => {
    expect(enabledCapabilities(toggleCapability(emptyCapabilities(), 'upload', true))).toEqual(['upload']);
    expect(enabledCapabilities(toggleCapability(emptyCapabilities(), 'view', true))).toEqual(['view']);
  });

  it('does not cascade when a capability is turned off', () => {
    let caps = toggleCapability(emptyCapabilities(), 'download', true);
    caps = toggleCapability(caps, 'comment', true);
    caps = toggleCapability(caps, 'view', false);
    expect(enabledCapabilities(caps)).toEqual(['download', 'comment']);
    expect(unmetRequirements(caps)).toEqual([
      { capability: 'download', missing: ['view'] },
      { capability: 'comment', missing: ['view'] },
    ]);
    caps = toggleCapability(caps, 'download', false);
    expect(enabledCapabilities(caps)).toEqual(['comment']);
  });
});
