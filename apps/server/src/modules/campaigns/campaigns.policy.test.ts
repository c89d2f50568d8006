import { campaignMessages, campaignWarningMessages, CAMPAIGN_REMIND_COOLDOWN_HOURS } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import {
  canEditCampaign,
  canManageCampaigns,
  canStaffSeeUnit,
  contactDueAt,
  contactHoursFor,
  contactProblem,
  dueReminder,
  isOverdue,
  nextStop,
  routedWarningState,
  maySms,
  openProblem,
  remindableMembers,
  remindWaitHours,
  staffRootsOf,
  startProblem,
  subtreeIn,
} from './campaigns.policy';

const at = (iso: string) => new Date(iso);
const window = { opensAt: at('2026-03-01T00:00:00Z'), closesAt: at('2026-03-10T00:00:00Z') };

describe('campaigns policy', () => {
  it('lets only auditors and admins manage', () => {
    expect(canManageCampaigns({ userId: 1, role: 'auditor' })).toBe(true);
    expect(canManageCampaigns({ userId: 1, role: 'admin' })).toBe(true);
    expect(canManageCampaigns({ userId: 1, role: 'expert' })).toBe(false);
    expect(canManageCampaigns({ userId: 1, role: 'user' })).toBe(false);
  });

  it('edits only drafts and opens only a draft whose window has not passed', () => {
    expect(canEditCampaign({ status: 'draft' })).toBe(true);
    expect(canEditCampaign({ status: 'open' })).toBe(false);
    expect(openProblem({ status: 'draft', ...window }, at('2026-03-02T00:00:00Z'))).toBeNull();
    expect(openProblem({ status: 'open', ...window }, at('2026-03-02T00:00:00Z'))).toBe(
      campaignMessages.notDraftToOpen,
    );
    expect(openProblem({ status: 'draft', ...window }, at('2026-03-10T00:00:00Z'))).toBe(
      campaignMessages.closedWindow,
    );
  });

  it('lets a member start only while open and within the window', () => {
    expect(startProblem({ status: 'open', ...window }, at('2026-03-05T00:00:00Z'))).toBeNull();
    expect(startProblem({ status: 'draft', ...window }, at('2026-03-05T00:00:00Z'))).toBe(
      campaignMessages.notOpen,
    );
    expect(startProblem({ status: 'open', ...window }, at('2026-02-28T00:00:00Z'))).toBe(
      campaignMessages.notYet,
    );
    expect(startProblem({ status: 'open', ...window }, at('2026-03-10T00:00:00Z'))).toBe(
      campaignMessages.over,
    );
  });

  it('waits the cooldown between reminders, rounded up to hours', () => {
    const last = at('2026-03-05T00:00:00Z');
    expect(remindWaitHours(null, last)).toBe(0);
    expect(remindWaitHours(last, at('2026-03-05T00:30:00Z'))).toBe(CAMPAIGN_REMIND_COOLDOWN_HOURS);
    expect(remindWaitHours(last, new Date(last.getTime() + CAMPAIGN_REMIND_COOLDOWN_HOURS * 3_600_000))).toBe(
      0,
    );
  });

  it('shows unit staff the top-most units both reached and theirs', () => {
    // 1 targeted, 2 and 3 under it, 4 under 2; 9 elsewhere.
    const reached = [
      { id: 1, parentId: null },
      { id: 2, parentId: 1 },
      { id: 3, parentId: 1 },
      { id: 4, parentId: 2 },
    ];
    expect(staffRootsOf(reached, new Set([2, 4]))).toEqual([2]);
    expect(staffRootsOf(reached, new Set([1, 2, 3, 4]))).toEqual([1]);
    expect(staffRootsOf(reached, new Set([3, 4]))).toEqual([3, 4]);
    expect(staffRootsOf(reached, new Set([9]))).toEqual([]);
    const visible = new Set([2, 3]);
    expect(canStaffSeeUnit(visible, 3)).toBe(true);
    expect(canStaffSeeUnit(visible, 4)).toBe(false);
  });

  it('caps SMS per phone per day', () => {
    expect(maySms(0, 3)).toBe(true);
    expect(maySms(2, 3)).toBe(true);
    expect(maySms(3, 3)).toBe(false);
  });

  it('finds the scheduled reminder due: after opening, after the last one, before closing', () => {
    const c = {
      reminderDaysBeforeClose: [3, 1],
      closesAt: at('2026-03-10T00:00:00Z'),
      openedAt: at('2026-03-01T00:00:00Z'),
      lastRemindedAt: null as Date | null,
    };
    expect(dueReminder(c, at('2026-03-06T00:00:00Z'))).toBeNull();
    expect(dueReminder(c, at('2026-03-07T01:00:00Z'))).toEqual(at('2026-03-07T00:00:00Z'));
    expect(
      dueReminder({ ...c, lastRemindedAt: at('2026-03-07T00:05:00Z') }, at('2026-03-08T00:00:00Z')),
    ).toBeNull();
    expect(
      dueReminder({ ...c, lastRemindedAt: at('2026-03-07T00:05:00Z') }, at('2026-03-09T02:00:00Z')),
    ).toEqual(at('2026-03-09T00:00:00Z'));
    expect(dueReminder(c, at('2026-03-10T00:00:00Z'))).toBeNull();
    // Opened after the 3-day mark: that one is not sent, the opening said it.
    expect(
      dueReminder({ ...c, openedAt: at('2026-03-08T00:00:00Z') }, at('2026-03-08T12:00:00Z')),
    ).toBeNull();
    expect(dueReminder({ ...c, openedAt: null }, at('2026-03-09T12:00:00Z'))).toBeNull();
  });

  it('lets unit staff remind only members not reminded within the cooldown', () => {
    const now = at('2026-03-05T12:00:00Z');
    const last = new Map([
      [1, at('2026-03-05T10:00:00Z')],
      [2, at('2026-03-04T10:00:00Z')],
    ]);
    const r = remindableMembers([{ userId: 1 }, { userId: 2 }, { userId: 3 }], last, now);
    expect(r.eligible).toEqual([{ userId: 2 }, { userId: 3 }]);
    const none = remindableMembers([{ userId: 1 }], last, now);
    expect(none).toEqual({ eligible: [], waitHours: CAMPAIGN_REMIND_COOLDOWN_HOURS - 2 });
  });
});

describe('campaign reports', () => {
  it('covers one unit and everything under it, nothing beside or above it', () => {
    // 学院 1 > 年级 2 > 班 3, 4; 年级 5 > 班 6; another target 7.
    const reached = [
      { id: 1, parentId: null },
      { id: 2, parentId: 1 },
      { id: 3, parentId: 2 },
      { id: 4, parentId: 2 },
      { id: 5, parentId: 1 },
      { id: 6, parentId: 5 },
      { id: 7, parentId: null },
    ];
    expect(subtreeIn(reached, 2).sort()).toEqual([2, 3, 4]);
    expect(subtreeIn(reached, 1).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(subtreeIn(reached, 6)).toEqual([6]);
    expect(subtreeIn(reached, 7)).toEqual([7]);
  });
});

describe('warning routing', () => {
  // 1班 (staff 7) under 2026级 (no staff) under 心理学院 (staff 8, 9).
  const chain = [
    { id: 3, staffIds: [7] },
    { id: 2, staffIds: [] },
    { id: 1, staffIds: [8, 9] },
  ];

  it('goes to the nearest unit with staff, then up, passing over units without staff, then the centre', () => {
    expect(nextStop(chain)?.id).toBe(3);
    expect(nextStop(chain, 3)?.id).toBe(1);
    expect(nextStop(chain, 1)).toBeNull();
    expect(nextStop([{ id: 3, staffIds: [] }])).toBeNull();
    expect(nextStop(chain, 99)).toBeNull();
  });

  it('gives each level its contact time, at any step', () => {
    const hours = [72, 48, 24];
    expect([1, 2, 3].map((l) => contactHoursFor(hours, l))).toEqual([72, 48, 24]);
    expect(contactHoursFor([], 3)).toBe(24);
    const routed = new Date('2026-11-20T02:00:00Z');
    expect(contactDueAt(routed, 3, hours).toISOString()).toBe('2026-11-21T02:00:00.000Z');
    expect(contactDueAt(routed, 1, [5, 5, 5]).toISOString()).toBe('2026-11-20T07:00:00.000Z');
  });

  it('says pending, contacted or closed, and overdue only while pending past a deadline', () => {
    const now = new Date('2026-11-21T03:00:00Z');
    const past = new Date('2026-11-21T02:00:00Z');
    expect(routedWarningState({ status: 'pending', contactedAt: null })).toBe('pending');
    expect(routedWarningState({ status: 'following', contactedAt: past })).toBe('contacted');
    expect(routedWarningState({ status: 'closed', contactedAt: null })).toBe('closed');
    expect(isOverdue('pending', past, now)).toBe(true);
    expect(isOverdue('pending', now, now)).toBe(true);
    expect(isOverdue('pending', null, now)).toBe(false);
    expect(isOverdue('contacted', past, now)).toBe(false);
  });

  it('takes a first contact once, and not on a closed warning', () => {
    expect(contactProblem({ status: 'pending', staffContacted: false })).toBeNull();
    expect(contactProblem({ status: 'following', staffContacted: false })).toBeNull();
    expect(contactProblem({ status: 'pending', staffContacted: true })).toBe(
      campaignWarningMessages.alreadyContacted,
    );
    expect(contactProblem({ status: 'closed', staffContacted: false })).toBe(campaignWarningMessages.closed);
  });
});
