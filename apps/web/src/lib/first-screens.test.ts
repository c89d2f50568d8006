import { describe, expect, it } from 'vitest';
import { CENTER_HERO, EXPERTS_HEAD, firstScreens } from './first-screens';

describe('static first screens', () => {
  it('gives 测评中心 and 心理咨询 their headings and words, each marked for the app to replace', () => {
    const screens = firstScreens();
    expect(Object.keys(screens).sort()).toEqual(['/app/expert', '/app/website']);
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
