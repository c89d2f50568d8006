// The org module (组织与名单) as other modules see it: units, rosters, unit staff.
export type { OrgService } from './org.service';

/** Read-only, for the campaigns module's targeting and completion queries; changes go through the service. */
export { orgMembers, orgUnits, orgUnitStaff } from './org.table';
export { subtreeOf } from './org.policy';
