import { describe, expect, it } from 'vitest';
import { canSendImage, isParticipant, whyNotBeginChat } from './chat.policy';

const user = { userId: 10, role: 'user' as const };
const other = { userId: 11, role: 'user' as const };
const expert = { userId: 20, role: 'expert' as const };
const admin = { userId: 1, role: 'admin' as const };
const account = (
  a: { userId: number; role: typeof user.role | 'expert' | 'admin' },
  status = 'active' as const,
) => ({
  id: a.userId,
  role: a.role,
  status,
});

describe('chat policy', () => {
  it('only the two participants see a chat, not even an admin', () => {
    const chat = { userLowId: 10, userHighId: 20 };
    expect(isParticipant(user, chat)).toBe(true);
    expect(isParticipant(expert, chat)).toBe(true);
    expect(isParticipant(other, chat)).toBe(false);
    expect(isParticipant(admin, chat)).toBe(false);
  });

  it('a chat needs an expert on one side and an active peer other than oneself', () => {
    expect(whyNotBeginChat(user, account(expert))).toBeNull();
    expect(whyNotBeginChat(expert, account(user))).toBeNull();
    expect(whyNotBeginChat(user, account(other))).toBe('no-expert');
    expect(whyNotBeginChat(user, account(user))).toBe('self');
    expect(whyNotBeginChat(user, undefined)).toBe('no-peer');
    expect(whyNotBeginChat(user, { ...account(expert), status: 'disabled' })).toBe('no-peer');
  });

  it('an image message sends only the sender’s own upload', () => {
    expect(canSendImage(user, { uploaderId: 10 })).toBe(true);
    expect(canSendImage(user, { uploaderId: 20 })).toBe(false);
  });
});
