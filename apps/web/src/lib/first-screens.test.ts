import { describe, expect, it } from 'vitest';
import { BANNER_MARK, CENTER_HERO, EXPERTS_HEAD, firstScreens, HOME_HERO } from './first-screens';

describe('static first screens', () => {
  it('gives 首页, 测评中心 and 心理咨询 their headings and words, each marked for the app to replace', () => {
    const screens = firstScreens();
    expect(Object.keys(screens).sort()).toEqual(['/', '/app/expert', '/app/website', '/sys/home']);
    expect(screens['/']).toBe(screens['/sys/home']);
    expect(screens['/sys/home']).toContain(`<h1 class="fs-h1">${HOME_HERO.title}</h1>`);
    // The server puts the first banner where the mark is.
    expect(screens['/sys/home']!.split(BANNER_MARK)).toHaveLength(2);
    expect(screens['/app/website']).toContain(`<h2 class="fs-h2">${CENTER_HERO.title}</h2>`);
    expect(screens['/app/website']).toContain(CENTER_HERO.text);
    for (const p of CENTER_HERO.promises) expect(screens['/app/website']).toContain(`<span>${p}</span>`);
    expect(screens['/app/expert']).toContain(`<h3 class="fs-h3">${EXPERTS_HEAD.title}</h3>`);
    expect(screens['/app/expert']).toContain(EXPERTS_HEAD.text);
    for (const html of Object.values(screens)) {
      expect(html.match(/data-first-screen/g)).toHaveLength(1);
      // Nothing a visitor could type into or tab to before the app is there.
      expect(html).not.toMatch(/<(input|button|a)\b/);
    }
  });
});
