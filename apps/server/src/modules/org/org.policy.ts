import { orgMessages, ORG_UNIT_DEPTH_MAX } from '@psy/contracts';
import { isAuditor, type Actor } from '../../lib/actor';

/** A unit as the rules see it. */
export interface UnitFacts {
  id: number;
  parentId: number | null;
}

/** Auditors and admins build every institution's tree, import rosters and assign unit staff. */
export const canManageOrg = (actor: Actor): boolean => isAuditor(actor);

/** Auditors, admins and experts (for their own institution) reach the management endpoints at all. */
export const mayManageSome = (actor: Actor): boolean => canManageOrg(actor) || actor.role === 'expert';

/**
 * Who may manage one institution's units, rosters and unit staff: auditors and admins any; the
 * institution's own staff (an expert whose account belongs to it) only that one. `hidden`: an
 * expert asking about another institution, answered 404 so an id says nothing about what exists.
 */
export function manageAccess(
  actor: Actor,
  ownInstitutionId: number | null,
  institutionId: number,
): 'yes' | 'forbidden' | 'hidden' {
  if (canManageOrg(actor)) return 'yes';
  if (actor.role !== 'expert') return 'forbidden';
  return ownInstitutionId !== null && ownInstitutionId === institutionId ? 'yes' : 'hidden';
}

/** Every unit under `roots` (themselves included), from the institution's whole tree. */
export function subtreeOf(units: readonly UnitFacts[], roots: Iterable<number>): Set<number> {
  const children = new Map<number, number[]>();
  for (const u of units)
    if (u.parentId !== null) children.set(u.parentId, [...(children.get(u.parentId) ?? []), u.id]);
  const out = new Set<number>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/**
 * Unit staff see the units they were assigned and everything under them, and nothing else: a
 * unit or member outside answers 404 (not 403), so an id says nothing about what exists.
 */
export const canSeeUnit = (visible: ReadonlySet<number>, unitId: number): boolean => visible.has(unitId);

/** A unit is deleted only when nothing hangs under it (no unit, no member). */
export function deleteProblem(facts: { children: number; members: number }): string | null {
  return facts.children > 0 || facts.members > 0 ? orgMessages.unitNotEmpty : null;
}

/** How deep a unit is (a top unit is 1). */
export function depthOf(units: readonly UnitFacts[], id: number | null): number {
  const byId = new Map(units.map((u) => [u.id, u]));
  let depth = 0;
  for (let at = id; at !== null && depth <= units.length; depth++) at = byId.get(at)?.parentId ?? null;
  return depth;
}

/** Height of the subtree under `id` (a leaf is 1). */
function heightOf(units: readonly UnitFacts[], id: number): number {
  const kids = units.filter((u) => u.parentId === id);
  return 1 + Math.max(0, ...kids.map((k) => heightOf(units, k.id)));
}

/** Why `id` may not move under `parentId` (null: it may): never into itself or below itself, never too deep. */
export function moveProblem(units: readonly UnitFacts[], id: number, parentId: number | null): string | null {
  if (parentId !== null && subtreeOf(units, [id]).has(parentId)) return orgMessages.moveIntoSelf;
  if (depthOf(units, parentId) + heightOf(units, id) > ORG_UNIT_DEPTH_MAX) return orgMessages.tooDeep;
  return null;
}
