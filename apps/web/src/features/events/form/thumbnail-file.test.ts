import { describe, expect, it } from 'vitest';
import { thumbnailFileProblem } from './thumbnail-file';

describe('thumbnail files', () => {
  it('accepts the four image types up to 10 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) expect(thumbnailFileProblem({ type, size: 1000 })).toBeNull();
    expect(thumbnailFileProblem({ type: 'image/png', size: 10 * 1024 * 1024 })).toBeNull();
  });

  it('explains what is wrong', () => {
    expect(thumbnailFileProblem({ type: 'image/svg+xml', size: 10 })).toMatch(/JPEG, PNG, WebP or GIF/);
    expect(thumbnailFileProblem({ type: 'application/pdf', size: 10 })).toMatch(/JPEG/);
    expect(thumbnailFileProblem({ type: 'image/jpeg', size: 10 * 1024 * 1024 + 1 })).toMatch(/larger than 10 MB/);
  });
});
