import { describe, expect, it } from 'vitest';
import { CLAIM_FEATURE, CLAIM_ROLE, addOnsFromClaims, hasAllRoles, planFromClaims, rolesFromClaims } from './claims.js';

describe('claims', () => {
  it('reads roles as a string or a list', () => {
    expect(rolesFromClaims({ [CLAIM_ROLE]: 'Admin' })).toEqual(['Admin']);
    expect(rolesFromClaims({ [CLAIM_ROLE]: ['Admin', 'Editor'] })).toEqual(['Admin', 'Editor']);
    expect(rolesFromClaims({})).toEqual([]);
  });

  it('passes a role check only when every role is present', () => {
    expect(hasAllRoles({ [CLAIM_ROLE]: ['Admin', 'Editor'] }, ['Admin'])).toBe(true);
    expect(hasAllRoles({ [CLAIM_ROLE]: 'Editor' }, ['Admin', 'Editor'])).toBe(false);
    expect(hasAllRoles({}, [])).toBe(true);
  });

  it('derives the plan and add-ons from the Feature claim', () => {
    expect(planFromClaims({})).toBe('Free');
    expect(planFromClaims({ [CLAIM_FEATURE]: '' })).toBe('Free');
    expect(planFromClaims({ [CLAIM_FEATURE]: 'SubscriptionLevel.Basic;Download.HTML' })).toBe('Basic');
    expect(planFromClaims({ [CLAIM_FEATURE]: 'SubscriptionLevel.Basic;SubscriptionLevel.Pro' })).toBe('Pro');
    expect(addOnsFromClaims({ [CLAIM_FEATURE]: 'SubscriptionLevel.Pro; Download.HTML' })).toEqual(['Download.HTML']);
  });
});
