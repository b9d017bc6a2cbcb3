import { describe, expect, it } from 'vitest';
import { fileNameOf } from './save-file';

describe('fileNameOf', () => {
  it("takes the server's UTF-8 name first", () => {
    expect(fileNameOf(`attachment; filename="caf_ _.html"; filename*=UTF-8''caf%C3%A9%20%F0%9F%8E%AA.html`, 'x')).toBe('café 🎪.html');
  });

  it('falls back to the plain name, then to the fallback, each through the safe file name rule', () => {
    expect(fileNameOf('attachment; filename="Fair.html"', 'x')).toBe('Fair.html');
    expect(fileNameOf(`attachment; filename*=UTF-8''%E0%A4%A`, 'Bad / name.html')).toBe('Bad _ name.html');
    expect(fileNameOf(null, 'Lantern walk: <2026>.html')).toBe('Lantern walk_ _2026_.html');
  });
});
