import { BANNERS_MAX } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import { canAddBanner, canManageBanners } from './banners.policy';

describe('banners policy', () => {
  it('lets auditors and admins manage banners', () => {
    expect(canManageBanners({ userId: 1, role: 'auditor' })).toBe(true);
    expect(canManageBanners({ userId: 1, role: 'admin' })).toBe(true);
    expect(canManageBanners({ userId: 1, role: 'expert' })).toBe(false);
    expect(canManageBanners({ userId: 1, role: 'user' })).toBe(false);
  });

  it('holds at most BANNERS_MAX banners', () => {
    expect(canAddBanner(BANNERS_MAX - 1)).toBe(true);
    expect(canAddBanner(BANNERS_MAX)).toBe(false);
  });
});
