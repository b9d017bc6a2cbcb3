import { describe, expect, it } from 'vitest';
import { HubMethods } from './hub.js';

describe('HubMethods', () => {
  it('declares each arity as the length its argument tuple takes, no more and no less', () => {
    for (const [name, method] of Object.entries(HubMethods)) {
      const codes = (length: number) => method.args.safeParse(Array.from({ length }, () => null)).error?.issues.map((i) => i.code) ?? [];
      expect(codes(method.arity - 1), name).toContain('too_small');
      expect(codes(method.arity + 1), name).toContain('too_big');
      expect(codes(method.arity), name).not.toContain('too_small');
      expect(codes(method.arity), name).not.toContain('too_big');
    }
  });
});
