/**
 * The site's sections, one list for the header menu and the footer (routes.md: the header
 * shows 首页 · 测评中心 · 课程学习 · 心理咨询 · 最新资讯, the footer all but 首页). A section
 * joins both with one line here once its page exists, in the order of routes.md.
 */
export interface NavEntry {
  path: string;
  label: string;
  /** Shown among the footer's links too (everything but 首页). */
  footer: boolean;
  /** The section's other pages (an article, a course, an expert), which keep it marked in the menu. */
  pages?: readonly string[];
}

export const navEntries: readonly NavEntry[] = [
  { path: '/sys/home', label: '首页', footer: false },
  { path: '/app/website', label: '测评中心', footer: true, pages: ['/test/', '/combit/', '/activity/'] },
  { path: '/app/course', label: '课程学习', footer: true, pages: ['/course/'] },
  { path: '/app/expert', label: '心理咨询', footer: true, pages: ['/experts/', '/department/'] },
  { path: '/app/news', label: '最新资讯', footer: true, pages: ['/news/'] },
];

/** The menu entry a page belongs to (its section's list page, or one of the section's pages). */
export const inSection = (n: NavEntry, pathname: string): boolean =>
  pathname.startsWith(n.path) || !!n.pages?.some((p) => pathname.startsWith(p));

/** The header menu's entries. */
export const navItems = navEntries;
/** The footer's links. */
export const footerItems = navEntries.filter((n) => n.footer);
