import { describe, expect, it } from 'vitest';
import {
  canDeleteTweet,
  canEditTweet,
  canLikeTweet,
  canReadTweet,
  canReviewTweet,
  canSeeTweet,
  canWithdrawTweet,
} from './tweets.policy';

const expert = { userId: 2, role: 'expert' };
const other = { userId: 3, role: 'expert' };
const user = { userId: 4, role: 'user' };
const auditor = { userId: 5, role: 'auditor' };
const tweet = (
  status: 'draft' | 'pending' | 'published' | 'rejected',
  visibility: 'public' | 'users' = 'public',
) => ({
  expertId: 2,
  status,
  visibility,
});

describe('tweets policy', () => {
  it('lets the author edit drafts and rejected tweets only', () => {
    expect(canEditTweet(expert, tweet('draft'))).toBe(true);
    expect(canEditTweet(expert, tweet('rejected'))).toBe(true);
    expect(canEditTweet(expert, tweet('pending'))).toBe(false);
    expect(canEditTweet(expert, tweet('published'))).toBe(false);
    expect(canEditTweet(other, tweet('draft'))).toBe(false);
    expect(canEditTweet({ userId: 2, role: 'user' }, tweet('draft'))).toBe(false);
  });

  it('withdraws published tweets and deletes anything not under review, for the author', () => {
    expect(canWithdrawTweet(expert, tweet('published'))).toBe(true);
    expect(canWithdrawTweet(expert, tweet('draft'))).toBe(false);
    expect(canWithdrawTweet(other, tweet('published'))).toBe(false);
    expect(canDeleteTweet(expert, tweet('published'))).toBe(true);
    expect(canDeleteTweet(expert, tweet('pending'))).toBe(false);
    expect(canDeleteTweet(auditor, tweet('draft'))).toBe(false);
  });

  it('shows published tweets by visibility, others to the author and reviewers', () => {
    expect(canSeeTweet(null, tweet('published'))).toBe(true);
    expect(canSeeTweet(null, tweet('published', 'users'))).toBe(false);
    expect(canSeeTweet(user, tweet('published', 'users'))).toBe(true);
    expect(canSeeTweet(null, tweet('pending'))).toBe(false);
    expect(canSeeTweet(user, tweet('pending'))).toBe(false);
    expect(canSeeTweet(other, tweet('draft'))).toBe(false);
    expect(canSeeTweet(expert, tweet('draft'))).toBe(true);
    expect(canSeeTweet(auditor, tweet('pending'))).toBe(true);
    expect(canSeeTweet(auditor, tweet('draft'))).toBe(false);
  });

  it('reviews for auditors and admins; likes only published tweets', () => {
    expect(canReviewTweet(auditor)).toBe(true);
    expect(canReviewTweet({ userId: 9, role: 'admin' })).toBe(true);
    expect(canReviewTweet(expert)).toBe(false);
    expect(canLikeTweet(user, tweet('published'))).toBe(true);
    expect(canLikeTweet(user, tweet('pending'))).toBe(false);
  });

  it('reads one tweet as the feeds show it: published, for its audience', () => {
    expect(canReadTweet(null, tweet('published'))).toBe(true);
    expect(canReadTweet(null, tweet('published', 'users'))).toBe(false);
    expect(canReadTweet(user, tweet('published', 'users'))).toBe(true);
    expect(canReadTweet(expert, tweet('draft'))).toBe(false);
    expect(canReadTweet(auditor, tweet('pending'))).toBe(false);
  });
});
