import { identityTypeOf, UPLOAD_PATH, type UserInfo } from '@psy/contracts';
import type { UserWithInstitution } from './users.repository';

/** What an account may do, for the web app's menus. */
export function authsOf(role: UserInfo['role']): string[] {
  switch (role) {
    case 'expert':
      return ['user', 'expert'];
    case 'auditor':
      return ['user', 'audit'];
    case 'admin':
      return ['user', 'audit', 'admin'];
    default:
      return ['user'];
  }
}

/** The userinfo payload: the only shape in which an account leaves the server to its owner. */
export function toUserInfo(u: UserWithInstitution): UserInfo {
  return {
    id: u.id,
    name: u.name,
    telephone: u.telephone,
    identityType: identityTypeOf[u.role],
    role: u.role,
    gender: u.gender,
    birthday: u.birthday,
    wxImg: u.avatar ? `${UPLOAD_PATH}${u.avatar}` : null,
    expertInfo: { avatar: u.avatar },
    department:
      u.institutionId && u.institutionName ? { id: u.institutionId, name: u.institutionName } : null,
    auths: authsOf(u.role),
  };
}
