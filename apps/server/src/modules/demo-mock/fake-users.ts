import { type DemoUser } from '@psy/contracts';

/** A small self-contained avatar (no outside request): a coloured disc with one character. */
function avatar(text: string, color: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="48" fill="${color}"/>` +
    `<text x="48" y="62" font-size="42" text-anchor="middle" fill="#fff" font-family="sans-serif">${text}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The two fake users of spec section 6, fresh copies each call (the state mutates them). */
export function createFakeUsers(): DemoUser[] {
  return [
    {
      userId: '1',
      username: 'admin',
      realName: '陈志远',
      avatar: avatar('陈', '#0e7c86'),
      desc: '演示后台管理员，可查看全部模块',
      password: '123456',
      token: '{admin-token}',
      auths: ['home:view', 'website:view', 'table:view', 'account:view'],
      modules: [],
      is_admin: 1,
      role_name: '管理员',
      mobile: '13800138000',
      last_login: '2026-01-05 09:12:30',
    },
    {
      userId: '2',
      username: 'test',
      realName: '李晓雨',
      avatar: avatar('李', '#d46b08'),
      desc: '演示后台普通用户，只能查看首页与站点列表',
      password: '123456',
      token: '{test-token}',
      auths: ['home:view', 'website:view', 'account:view'],
      modules: ['home', 'website'],
      is_admin: 0,
      role_name: '普通用户',
      mobile: '13800138001',
      last_login: '2026-01-06 14:03:51',
    },
  ];
}
