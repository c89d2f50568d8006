import { orgMessages } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import {
  canManageOrg,
  canSeeUnit,
  manageAccess,
  deleteProblem,
  depthOf,
  moveProblem,
  subtreeOf,
} from './org.policy';

// 心理学院(1) > 2026级(2) > 1班(3), 2班(4); 教育学院(5)
const tree = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 2 },
  { id: 4, parentId: 2 },
  { id: 5, parentId: null },
];

describe('org policy', () => {
  it('lets only auditors and admins manage the tree', () => {
    expect(canManageOrg({ userId: 1, role: 'auditor' })).toBe(true);
    expect(canManageOrg({ userId: 1, role: 'admin' })).toBe(true);
    expect(canManageOrg({ userId: 1, role: 'expert' })).toBe(false);
    expect(canManageOrg({ userId: 1, role: 'user' })).toBe(false);
  });

  it("lets an institution's own experts manage that institution only", () => {
    const expert = { userId: 2, role: 'expert' };
    expect(manageAccess(expert, 7, 7)).toBe('yes');
    expect(manageAccess(expert, 7, 8)).toBe('hidden');
    expect(manageAccess(expert, null, 7)).toBe('hidden');
    expect(manageAccess({ userId: 3, role: 'user' }, 7, 7)).toBe('forbidden');
    expect(manageAccess({ userId: 4, role: 'auditor' }, null, 7)).toBe('yes');
    expect(manageAccess({ userId: 5, role: 'admin' }, 8, 7)).toBe('yes');
  });

  it('gives unit staff their units and everything under them, nothing beside', () => {
    const visible = subtreeOf(tree, [2]);
    expect([...visible].sort()).toEqual([2, 3, 4]);
    expect(canSeeUnit(visible, 3)).toBe(true);
    expect(canSeeUnit(visible, 1)).toBe(false);
    expect(canSeeUnit(visible, 5)).toBe(false);
    expect(subtreeOf(tree, []).size).toBe(0);
  });

  it('deletes only an empty unit', () => {
    expect(deleteProblem({ children: 0, members: 0 })).toBeNull();
    expect(deleteProblem({ children: 1, members: 0 })).toBe(orgMessages.unitNotEmpty);
    expect(deleteProblem({ children: 0, members: 3 })).toBe(orgMessages.unitNotEmpty);
  });

  it('never moves a unit into itself or below itself', () => {
    expect(moveProblem(tree, 1, 3)).toBe(orgMessages.moveIntoSelf);
    expect(moveProblem(tree, 2, 2)).toBe(orgMessages.moveIntoSelf);
    expect(moveProblem(tree, 2, 5)).toBeNull();
    expect(moveProblem(tree, 3, null)).toBeNull();
    expect(depthOf(tree, 3)).toBe(3);
    expect(depthOf(tree, null)).toBe(0);
  });

  it('keeps the tree at most six deep', () => {
    const chain = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, parentId: i === 0 ? null : i }));
    const other = [...chain, { id: 10, parentId: null }, { id: 11, parentId: 10 }];
    expect(moveProblem(other, 10, 5)).toBe(orgMessages.tooDeep);
    expect(moveProblem(other, 11, 5)).toBeNull();
  });
});
