import { GlobalOutlined, HomeOutlined, IdcardOutlined, TableOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { canSee, type DemoModule, type DemoUser } from './api/types';

export interface ConsoleEntry {
  key: string;
  path: string;
  label: string;
  icon: ReactNode;
  /** The module the entry belongs to; entries without one (account info) are everyone's. */
  module?: DemoModule;
}

export const MODULE_LABELS: Record<DemoModule, string> = {
  home: '首页',
  website: '站点列表',
  table: '账号表格',
};

export const CONSOLE_ENTRIES: ConsoleEntry[] = [
  { key: 'home', path: '/demo/home', label: '首页', icon: <HomeOutlined />, module: 'home' },
  { key: 'website', path: '/demo/website', label: '站点列表', icon: <GlobalOutlined />, module: 'website' },
  { key: 'table', path: '/demo/table', label: '账号表格', icon: <TableOutlined />, module: 'table' },
  { key: 'account', path: '/demo/account', label: '账户信息', icon: <IdcardOutlined /> },
];

/** The entries this user may open: the administrator all, the ordinary user their modules and account info. */
export function visibleEntries(user: DemoUser | undefined): ConsoleEntry[] {
  return CONSOLE_ENTRIES.filter((e) => !e.module || canSee(user, e.module));
}

/** Where a user lands after signing in: the first entry they may open. */
export function landingPath(user: DemoUser | undefined): string {
  return visibleEntries(user)[0]?.path ?? '/demo/account';
}
