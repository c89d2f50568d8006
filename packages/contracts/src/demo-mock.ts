/**
 * The demo console's mock API (spec section 3): the shapes the server's demo-mock module
 * answers and the console reads. Types only: the mock answers in the original's own format,
 * outside the platform's envelope and OpenAPI document.
 */

/** What the console may show: the ordinary user gets a subset, the administrator all of them. */
export const DEMO_MODULES = ['home', 'website', 'table'] as const;
export type DemoModule = (typeof DEMO_MODULES)[number];

/** The fake user record, as the mock answers it (password included, as the original does). */
export interface DemoUser {
  userId: string;
  username: string;
  realName: string;
  avatar: string;
  desc: string;
  password: string;
  token: string;
  auths: string[];
  /** The modules the console may show; for is_admin 1 the list is empty and means no restriction. */
  modules: DemoModule[];
  is_admin: 0 | 1;
  role_name: string;
  mobile: string;
  /** 'YYYY-MM-DD HH:mm:ss', Asia/Shanghai. */
  last_login: string;
}

/** One page of a mock list. */
export interface DemoPage<T> {
  total: number;
  list: T[];
}

/** A row of the website list (`/v1/common/page_one/list`). */
export interface DemoSiteItem {
  id: number;
  url: string;
  ip: string;
  protocol: 'http' | 'https';
  /** The port the site answers on: 80 for http, 443 for https (the original's `'host|1': [80, 443]`). */
  host: 80 | 443;
  domain: string;
  email: string;
}

/** A row of the home list (`/v1/home/list`). */
export interface DemoHomeItem {
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

/** A row of the account table (`/table/list`). */
export interface DemoAccountItem {
  id: number;
  title: string;
  account: string;
  true_name: string;
  created_at: string;
  role_name: string;
}

/** The home page's figures (`/v1/home/info`). */
export interface DemoHomeInfo {
  hu_num: number;
  yun_num: number;
  ce_num: number;
  create_time: number;
  online_num: number;
  total_num: number;
  seven_days: { id: number; num: number; time: string }[];
}

export type DemoRegionLevel = 'province' | 'city' | 'district';

/** A place of the region picker (`/v1/common/regions`). */
export interface DemoRegion {
  code: string;
  name: string;
  /** Derived from the code: a district's city shares its first four digits, a city's province its first two. */
  parent: string | null;
  level: DemoRegionLevel;
  leaf: boolean;
}
