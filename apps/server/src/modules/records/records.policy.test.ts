import { describe, expect, it } from 'vitest';
import {
  followsUpWarnings,
  recordAccess,
  seesCooperation,
  seesFullPhone,
  viewerShown,
} from './records.policy';
import { admin, auditor, expert, secondExpert as cooperator, person } from '../../lib/test-actors';

const facts = (over: Partial<Parameters<typeof recordAccess>[1]> = {}) => ({
  isPerson: true,
  serves: false,
  grant: null,
  ...over,
});

describe('record policy', () => {
  it('opens the record to the person’s expert, auditors and a cooperating expert, nobody else', () => {
    expect(recordAccess(expert, facts({ serves: true }))).toEqual({
      via: 'assigned',
      cooperationId: null,
      scope: null,
    });
    expect(recordAccess(auditor, facts())).toMatchObject({ via: 'auditor' });
    expect(recordAccess(admin, facts())).toMatchObject({ via: 'auditor' });
    expect(recordAccess(cooperator, facts({ grant: { id: 5, scope: 'record_read' } }))).toEqual({
      via: 'cooperation',
      cooperationId: 5,
      scope: 'record_read',
    });
    expect(recordAccess(cooperator, facts())).toBeNull();
    // The person never opens their own record here, whatever else is true.
    expect(recordAccess(person, facts({ serves: true, grant: { id: 5, scope: 'record_read' } }))).toBeNull();
  });

  it('has no record for an account that is not a person', () => {
    expect(recordAccess(auditor, facts({ isPerson: false }))).toBeNull();
    expect(recordAccess(expert, facts({ isPerson: false, serves: true }))).toBeNull();
  });

  it('lets a cooperating expert follow warnings up only within the scope that says so', () => {
    const read = recordAccess(cooperator, facts({ grant: { id: 5, scope: 'record_read' } }))!;
    const both = recordAccess(cooperator, facts({ grant: { id: 5, scope: 'record_and_warnings' } }))!;
    expect(followsUpWarnings(read)).toBe(false);
    expect(followsUpWarnings(both)).toBe(true);
    expect(followsUpWarnings(recordAccess(expert, facts({ serves: true }))!)).toBe(true);
    expect(seesFullPhone(read)).toBe(false);
    expect(seesFullPhone(both)).toBe(true);
  });

  it('shows a cooperating expert only the cooperations they are part of', () => {
    const read = recordAccess(cooperator, facts({ grant: { id: 5, scope: 'record_read' } }))!;
    const mine = { inviter: { id: 7 }, invitee: { id: 8 } };
    const others = { inviter: { id: 7 }, invitee: { id: 9 } };
    expect(seesCooperation(cooperator, read, mine)).toBe(true);
    expect(seesCooperation(cooperator, read, others)).toBe(false);
    const own = recordAccess(expert, facts({ serves: true }))!;
    expect(seesCooperation(expert, own, others)).toBe(true);
  });

  it('names experts to the person, never an auditor', () => {
    const who = { name: '王静怡', title: '国家二级心理咨询师', institution: '北京心晴心理咨询中心' };
    expect(viewerShown('assigned', who)).toEqual({ role: '负责专家', ...who });
    expect(viewerShown('cooperation', who)).toMatchObject({ role: '协作专家', name: '王静怡' });
    expect(viewerShown('auditor', { name: '陈思远', title: null, institution: null })).toEqual({
      role: '平台审核员',
      name: '平台审核员',
      title: null,
      institution: null,
    });
  });
});
