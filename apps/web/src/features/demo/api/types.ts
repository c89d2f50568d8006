/** The mock's shapes (spec section 3), as the server's demo-mock module answers them. */
export type DemoModule = 'home' | 'website' | 'table';

export interface DemoUser {
  userId: string;
  username: string;
  realName: string;
  avatar: string;
  desc: string;
  password: string;
  token: string;
  auths: string[];
  /** Empty for the administrator: is_admin 1 means no restriction. */
  modules: DemoModule[];
  is_admin: 0 | 1;
  role_name: string;
  mobile: string;
  last_login: string;
}

export interface Paged<T> {
  total: number;
  list: T[];
}

export interface SiteItem {
  id: number;
  url: string;
  ip: string;
  protocol: string;
  host: number;
  domain: string;
  email: string;
}

export interface HomeItem {
  id: number;
  title: string;
  mobile: string;
  name: string;
  description: string;
  created_at: string;
  updated_at: string;
  age: number;
  color: string;
  email: string;
}

export interface AccountItem {
  id: number;
  title: string;
  account: string;
  true_name: string;
  created_at: string;
  role_name: string;
}

export interface HomeInfo {
  hu_num: number;
  yun_num: number;
  ce_num: number;
  create_time: number;
  online_num: number;
  total_num: number;
  seven_days: { id: number; num: number; time: string }[];
}

export interface Region {
  code: string;
  name: string;
  parent: string | null;
  level: 'province' | 'city' | 'district';
  leaf: boolean;
}

export function canSee(user: DemoUser | undefined, module: DemoModule): boolean {
  return !!user && (user.is_admin === 1 || user.modules.includes(module));
}
