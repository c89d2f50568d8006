import { describe, expect, it } from 'vitest';
import { canManageNews, canPublish, canTakeOffline, isNewsVisible, newsStatus } from './news.policy';

const now = new Date('2026-11-20T02:00:00Z');
const past = new Date('2026-11-19T02:00:00Z');
const future = new Date('2026-11-21T02:00:00Z');

describe('news policy', () => {
  it('lets auditors and admins manage articles, nobody else', () => {
    expect(canManageNews({ userId: 1, role: 'auditor' })).toBe(true);
    expect(canManageNews({ userId: 1, role: 'admin' })).toBe(true);
    expect(canManageNews({ userId: 1, role: 'expert' })).toBe(false);
    expect(canManageNews({ userId: 1, role: 'user' })).toBe(false);
  });

  it('shows an article only when published and due', () => {
    expect(isNewsVisible({ state: 'published', publishAt: past }, now)).toBe(true);
    expect(isNewsVisible({ state: 'published', publishAt: now }, now)).toBe(true);
    expect(isNewsVisible({ state: 'published', publishAt: future }, now)).toBe(false);
    expect(isNewsVisible({ state: 'draft', publishAt: past }, now)).toBe(false);
    expect(isNewsVisible({ state: 'offline', publishAt: past }, now)).toBe(false);
    expect(isNewsVisible({ state: 'published', publishAt: null }, now)).toBe(false);
  });

  it('calls a published article with a time ahead scheduled, and it becomes published by itself', () => {
    const a = { state: 'published' as const, publishAt: future };
    expect(newsStatus(a, now)).toBe('scheduled');
    expect(newsStatus(a, future)).toBe('published');
    expect(newsStatus({ state: 'draft', publishAt: null }, now)).toBe('draft');
    expect(newsStatus({ state: 'offline', publishAt: past }, now)).toBe('offline');
  });

  it('publishes drafts, offline and scheduled articles, not public ones; takes down published ones', () => {
    expect(canPublish({ state: 'draft', publishAt: null }, now)).toBe(true);
    expect(canPublish({ state: 'offline', publishAt: past }, now)).toBe(true);
    expect(canPublish({ state: 'published', publishAt: future }, now)).toBe(true);
    expect(canPublish({ state: 'published', publishAt: past }, now)).toBe(false);
    expect(canTakeOffline({ state: 'published', publishAt: future })).toBe(true);
    expect(canTakeOffline({ state: 'draft', publishAt: null })).toBe(false);
    expect(canTakeOffline({ state: 'offline', publishAt: past })).toBe(false);
  });
});
