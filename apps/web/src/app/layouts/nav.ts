/** The header menu: the /app/ routes (routes.md). Each entry appears once its page exists. */
export const navItems: { path: string; label: string }[] = [{ path: '/sys/home', label: '首页' }];
