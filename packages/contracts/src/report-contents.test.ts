import { describe, expect, it } from 'vitest';
import { reportContentItems, type ReportContents } from './assessments';

const none: ReportContents = {
  interpretation: false,
  scoreScale: false,
  standard: false,
  profile: false,
  norms: false,
  trend: false,
  highItems: false,
  alerts: false,
  review: false,
  experts: false,
  courses: false,
};

describe('reportContentItems', () => {
  it('promises a PHQ-9 no profile, no norm and no comparison it will not have', () => {
    const phq9 = { ...none, interpretation: true, scoreScale: true, highItems: true, experts: true };
    const titles = reportContentItems(phq9).map((i) => i.title);
    expect(titles.join()).not.toMatch(/剖面|常模|既往|审核/);
    expect(titles).toEqual([
      '结果解读与针对性建议：得分处在什么水平、意味着什么，接下来可以怎样照顾自己',
      '得分在分级区间上的位置（分级图，标出各级分界）',
      '影响结果较多的回答',
      '建议与推荐：适合你的专家、建议复测日期',
      '可下载 PDF 或打印保存',
    ]);
  });

  it('names the norm comparison only where norms exist', () => {
    const withNorms = reportContentItems({ ...none, profile: true, norms: true });
    expect(withNorms.find((i) => i.key === 'profile')?.title).toBe(
      '因子剖面图（与中国常模对比），每个因子的解读与建议',
    );
    const own = reportContentItems({ ...none, profile: true });
    expect(own.find((i) => i.key === 'profile')?.title).toBe('维度剖面图，每个维度的解读与建议');
  });

  it('says which recommendations come, in one short sentence too', () => {
    const all = { ...none, trend: true, review: true, experts: true, courses: true };
    expect(reportContentItems(all).map((i) => i.short)).toEqual([
      '与既往结果对比',
      '审核意见',
      '专家与课程推荐',
      'PDF 报告',
    ]);
    expect(reportContentItems(none).find((i) => i.key === 'next')?.title).toBe('建议与推荐：建议复测日期');
  });
});
