import type { AssessmentState, TakingPart } from '@psy/contracts';

/**
 * The order of the taking pages. Each page is its own route carrying ?aid=, and every one of
 * them can be opened cold (a reload, a link from 我的测评): the server's `next` says where the
 * respondent really is, and the pages send them there.
 */

export const flowPaths = {
  guidance: '/combit/guading',
  consent: '/combit/consent',
  basicInfo: '/combit/userForm',
  steps: '/test/steps',
  question: '/test/question',
  result: '/test/pay',
} as const;

export const withAid = (path: string, aid: number, part?: number) =>
  part === undefined ? `${path}?aid=${aid}` : `${path}?aid=${aid}&part=${part}`;

export function currentPart(s: AssessmentState): TakingPart | undefined {
  return s.parts.find((p) => p.status === 'in_progress');
}

export function answeredCount(p: TakingPart): number {
  return p.items.filter((i) => p.answers[String(i.number)] != null).length;
}

/** Where this assessment continues: the first step not yet done. */
export function nextPath(s: AssessmentState): string {
  switch (s.next) {
    case 'guidance':
      return withAid(flowPaths.guidance, s.id);
    case 'consent':
      return withAid(flowPaths.consent, s.id);
    case 'basic_info':
      return withAid(flowPaths.basicInfo, s.id);
    case 'questions': {
      const p = currentPart(s);
      if (!p) return withAid(flowPaths.result, s.id);
      // A scale already begun goes straight back to its questions; a new one starts with its instructions.
      return withAid(answeredCount(p) > 0 ? flowPaths.question : flowPaths.steps, s.id, p.index);
    }
    case 'done':
      return withAid(flowPaths.result, s.id);
  }
}

/** Steps shown above the taking pages; plans have their guidance first. */
export function flowSteps(s: AssessmentState): { key: string; title: string }[] {
  return [
    ...(s.guidance ? [{ key: 'guidance', title: '指导语' }] : []),
    { key: 'consent', title: '知情同意' },
    { key: 'basic_info', title: '基本信息' },
    { key: 'questions', title: s.parts.length > 1 ? `答题（${s.parts.length} 个量表）` : '答题' },
    { key: 'done', title: '查看结果' },
  ];
}

/** Reads a positive integer query parameter; anything else is 0. */
export function idParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
}
