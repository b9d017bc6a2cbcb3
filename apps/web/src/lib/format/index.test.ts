import { describe, expect, it } from 'vitest';
import * as format from './index';

describe('@/lib/format public API', () => {
  it('re-exports everything the app uses', () => {
    for (const name of ['AVATAR_COLORS', 'avatarColor', 'initials', 'safeFileName', 'truncate']) {
      expect(format, name).toHaveProperty(name);
    }
  });
});
