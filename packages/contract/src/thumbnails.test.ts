import { describe, expect, it } from 'vitest';
import { smallThumbnailPath } from './thumbnails.js';

describe('smallThumbnailPath', () => {
  it('names the small copy of a thumbnail this server stores, and nothing else', () => {
    expect(smallThumbnailPath('/uploads/thumbnails/abc-123.webp')).toBe('/uploads/thumbnails/small/abc-123.webp');
    expect(smallThumbnailPath('https://bucket.example/thumbnails/abc.webp')).toBeNull();
    expect(smallThumbnailPath('/uploads/thumbnails/small/abc.webp')).toBeNull();
    expect(smallThumbnailPath('/uploads/thumbnails/../x.webp')).toBeNull();
    expect(smallThumbnailPath('/uploads/thumbnails/.hidden.webp')).toBeNull();
    expect(smallThumbnailPath('/uploads/flyers/abc.webp')).toBeNull();
  });
});
