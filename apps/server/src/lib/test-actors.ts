import type { Actor } from './actor';

/**
 * The accounts the policy unit tests act as. One id per account everywhere, so the facts a
 * test builds (`ownerId: 30`, `expertId: 7`) mean the same person in every module's tests.
 */
export const admin: Actor = { userId: 1, role: 'admin' };
export const auditor: Actor = { userId: 2, role: 'auditor' };
export const expert: Actor = { userId: 7, role: 'expert' };
export const secondExpert: Actor = { userId: 8, role: 'expert' };
export const thirdExpert: Actor = { userId: 9, role: 'expert' };
export const person: Actor = { userId: 30, role: 'user' };
export const stranger: Actor = { userId: 31, role: 'user' };
