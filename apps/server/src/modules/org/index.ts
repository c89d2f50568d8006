// The org module (组织与名单) as other modules see it: units, rosters, unit staff.
export type { OrgService } from './org.service';
