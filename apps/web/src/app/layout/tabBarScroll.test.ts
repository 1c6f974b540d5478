import { describe, expect, it } from 'vitest';
import { initialTabBarScroll, nextTabBarScroll, type TabBarScrollState } from './tabBarScroll.ts';

const scrollThrough = (positions: number[], start: TabBarScrollState = initialTabBarScroll) =>
  positions.reduce((state, y) => nextTabBarScroll(state, y), start);

describe('tab bar scroll rule', () => {
  const shownAt100: TabBarScrollState = { visible: true, anchorY: 100 };

  it.each([
    ['scrolling down 9px past the top zone hides it', [109], false],
    ['scrolling down exactly 8px keeps it', [108], true],
    ['small downward moves add up until they pass 8px', [104, 108, 110], false],
    ['scrolling up more than 8px shows it again', [200, 190], true],
    ['scrolling up exactly 8px does not show it', [200, 192], false],
    ['coming back within 20px of the top shows it', [200, 20], true],
    ['a jump from the top to far down hides it', [0, 500], false],
  ])('%s', (_label, positions, visible) => {
    expect(scrollThrough(positions, shownAt100).visible).toBe(visible);
  });

  it('shows within 20px of the top even after a tiny upward move', () => {
    const hidden = scrollThrough([100, 200], { visible: true, anchorY: 100 });
    expect(hidden.visible).toBe(false);
    expect(nextTabBarScroll({ visible: false, anchorY: 25 }, 20).visible).toBe(true);
    expect(nextTabBarScroll({ visible: false, anchorY: 25 }, 21).visible).toBe(false);
  });

  it('keeps the same state object when nothing changes (no re-render)', () => {
    const state = { visible: true, anchorY: 300 };
    expect(nextTabBarScroll(state, 305)).toBe(state);
  });
});
