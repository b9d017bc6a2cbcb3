import { describe, expect, it } from 'vitest';
import { auditChanges, compactValue } from './audit-change';

describe('auditChanges', () => {
  it('lists only the fields two objects disagree on', () => {
    expect(auditChanges({ suspended: false, plan: 'Pro', name: 'Ada' }, { suspended: true, plan: 'Pro', name: 'Ada' })).toEqual(['suspended: false → true']);
    expect(auditChanges({ hidden: null }, { hidden: { by: 'moderator' } })).toEqual(['hidden: — → {"by":"moderator"}']);
    expect(auditChanges({ roles: ['Admin'] }, { roles: [] })).toEqual(['roles: ["Admin"] → []']);
  });

  it('shows fields that appear or disappear', () => {
    expect(auditChanges({ a: 1 }, { b: 2 })).toEqual(['a: 1 → —', 'b: — → 2']);
  });

  it('shows anything else whole, and nothing when both sides are empty', () => {
    expect(auditChanges(null, { status: 3 })).toEqual(['— → {"status":3}']);
    expect(auditChanges(1, 3)).toEqual(['1 → 3']);
    expect(auditChanges(null, undefined)).toEqual([]);
  });
});

describe('compactValue', () => {
  it('cuts long values', () => {
    const text = compactValue('x'.repeat(200));
    expect(text).toHaveLength(80);
    expect(text.endsWith('…')).toBe(true);
    expect(compactValue('Plain')).toBe('Plain');
  });
});
