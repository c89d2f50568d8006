/**
 * The first screens that come with a page's HTML, before any script has run: the top of the
 * pages a visitor opens first, as static markup the server puts into `#root` after the static
 * header (`index.html`) for that page's path. On a phone the scripts take seconds to load and
 * run; with this the page's heading and introduction are there at the first paint, and React
 * replaces them with the same words in the same place when it renders (docs/performance.md,
 * Lighthouse). The words live here once: the pages render them from these constants, and
 * `first-screens.e2e` checks in Chromium that the static text has the same box as the page's.
 *
 * Pure strings (no React, no antd): the build writes `firstScreens()` to
 * `dist/.vite/first-screens.json` (`route-preloads.ts`) for the server.
 */

/** 首页's hero (`features/home/components/hero.tsx`); the figures come with the app. */
export const HOME_HERO = {
  title: '关注心理健康，从了解自己开始',
  text: '专业量表测评、系统心理课程、持证专家一对一咨询，陪你走过每一段情绪起伏。',
  stats: ['合作机构', '入驻专家', '服务用户'],
} as const;

/** 测评中心's hero (`features/assessments/pages/center-page.tsx`). */
export const CENTER_HERO = {
  title: '测评中心',
  text: '选用国际通用的专业量表，花几分钟了解自己最近的情绪与身心状态。测评免费，结果即时可见。',
  searchPlaceholder: '搜索量表，如：抑郁、焦虑、PHQ-9',
  promises: ['权威量表，标准计分', '作答严格保密', '随时中断，下次继续'],
} as const;

/** 心理咨询's heading (`features/experts/pages/expert-list-page.tsx`). */
export const EXPERTS_HEAD = {
  title: '心理咨询',
  text: '持证专业咨询师，线上线下皆可预约，付款前可随时取消',
} as const;

/**
 * What antd and the pages' CSS modules give these elements, for the static copies: the page
 * layout (antd Layout, whose content is a flex column; the page behind is the body's colour), headings (antd's h2 and h3), the hero
 * (assessments.module.css) and the section head (experts.module.css). The font, colour and
 * line height come from `.app-root` (styles.css, inlined into index.html by the build).
 */
const STYLE = `<style>
.fs-layout{display:flex;flex-direction:column}
.fs-main{display:flex;flex-direction:column}
.fs-h2,.fs-h3{margin:0;font-weight:600;color:rgba(0,0,0,.88)}
.fs-h2{font-size:30px;line-height:1.2666666666666666}
.fs-h3{font-size:24px;line-height:1.3333333333333333}
.fs-hero{background:linear-gradient(120deg,#e6fffb 0%,#f0f9ff 60%,#f9f0ff 100%);border-bottom:1px solid #e6f4ff}
.fs-hero-inner{max-width:1200px;margin:0 auto;padding:40px 16px 32px;box-sizing:border-box}
.fs-hero .fs-h2{margin:0 0 8px;color:#0b6e6e}
.fs-hero-text{color:#4a5a6a;font-size:15px;max-width:640px;margin:0 0 1em}
.fs-search{display:inline-flex;vertical-align:top;width:100%;max-width:560px;margin-top:16px;height:40px;box-sizing:border-box}
.fs-search-input{flex:1;border:1px solid #d9d9d9;border-right:0;border-radius:8px 0 0 8px;background:#fff;padding:0 11px;font-size:16px;line-height:38px;color:rgba(0,0,0,.25);overflow:hidden;white-space:nowrap}
.fs-search-button{padding:0 15px;border-radius:0 8px 8px 0;background:#13a8a8;color:#fff;font-size:16px;line-height:40px}
.fs-promises{display:flex;flex-wrap:wrap;gap:8px 24px;margin-top:18px;color:#4a5a6a;font-size:13px}
.fs-promises span:before{content:'';display:inline-block;width:13px;height:13px;margin-right:6px}
.fs-section-head{display:flex;align-items:baseline;justify-content:space-between;flex-wrap:wrap;margin-bottom:16px;gap:4px 12px}
.fs-secondary{color:rgba(0,0,0,.45)}
.fs-home{background:linear-gradient(120deg,#0e8f8f 0%,#13a8a8 45%,#4096ff 100%);color:#fff}
.fs-home-inner{max-width:1200px;margin:0 auto;padding:56px 16px 48px;box-sizing:border-box}
.fs-h1{margin:.67em 0 12px;font-size:38px;line-height:1.2105263157894737;font-weight:600;color:#fff}
.fs-home-text{color:rgba(255,255,255,.9);font-size:16px;max-width:640px;margin:0 0 1em}
.fs-stats{display:flex;gap:48px;margin:32px 0 0;flex-wrap:wrap}
.fs-stats dt{font-size:13px;opacity:.85}
.fs-stats dd{margin:4px 0 0;font-size:30px;font-weight:600}
.fs-banner{margin:24px 0;border-radius:12px;overflow:hidden;height:300px;background:#e6fffb;position:relative}
.fs-banner img{width:100%;height:100%;object-fit:cover;display:block}
.fs-banner span{position:absolute;left:0;right:0;bottom:0;padding:40px 24px 28px;color:#fff;font-size:22px;font-weight:600;background:linear-gradient(transparent,rgba(0,0,0,.45))}
@media (max-width:576px){.fs-hero-inner{padding:28px 12px 24px}.fs-home-inner{padding:36px 16px 32px}.fs-stats{gap:28px}.fs-banner{height:160px}.fs-banner span{font-size:16px;padding:24px 16px 22px}}
</style>`;

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const page = (content: string) =>
  `${STYLE}<div class="app-root fs-layout" data-first-screen><main class="fs-main">${content}</main></div>`;

/**
 * Where the server puts the first banner of the home carousel, which only it knows: it replaces
 * this mark with `BANNER` filled in (or with nothing when no banner is shown).
 */
export const BANNER_MARK = '<!--first-banner-->';
/**
 * The carousel's first slide as it is painted (home.module.css); `{src}` and `{title}` escaped
 * by the server, which also names the picture first in the page's head (a high-priority preload:
 * otherwise it waits behind the page's scripts for one of the browser's six connections).
 */
export const BANNER =
  '<section class="fs-banner"><img src="{src}" alt="" fetchpriority="high"><span>{title}</span></section>';

/** Each page path with its static first screen (style and markup). */
export function firstScreens(): Record<string, string> {
  const h = CENTER_HERO;
  const center = page(
    `<section class="fs-hero"><div class="fs-hero-inner">` +
      `<h2 class="fs-h2">${escape(h.title)}</h2>` +
      `<div class="fs-hero-text">${escape(h.text)}</div>` +
      `<div class="fs-search" aria-hidden="true"><div class="fs-search-input">${escape(h.searchPlaceholder)}</div>` +
      `<div class="fs-search-button">搜 索</div></div>` +
      `<div class="fs-promises">${h.promises.map((p) => `<span>${escape(p)}</span>`).join('')}</div>` +
      `</div></section>`,
  );
  const e = EXPERTS_HEAD;
  const experts = page(
    `<div class="page-container"><div class="fs-section-head"><div>` +
      `<h3 class="fs-h3">${escape(e.title)}</h3>` +
      `<span class="fs-secondary">${escape(e.text)}</span>` +
      `</div></div></div>`,
  );
  const home = page(
    `<section class="fs-home"><div class="fs-home-inner">` +
      `<h1 class="fs-h1">${escape(HOME_HERO.title)}</h1>` +
      `<div class="fs-home-text">${escape(HOME_HERO.text)}</div>` +
      `<dl class="fs-stats">${HOME_HERO.stats.map((s) => `<div><dt>${escape(s)}</dt><dd>—</dd></div>`).join('')}</dl>` +
      `</div></section><div class="page-container">${BANNER_MARK}</div>`,
  );
  // `/` goes to the home page (app/router.tsx).
  return { '/sys/home': home, '/': home, '/app/website': center, '/app/expert': experts };
}
