/** The header menu: the /app/ routes (routes.md). Each entry appears once its page exists. */
export const navItems: { path: string; label: string }[] = [
  { path: '/sys/home', label: '首页' },
  { path: '/app/website', label: '测评中心' },
  { path: '/app/expert', label: '心理咨询' },
  { path: '/app/news', label: '最新资讯' },
];
