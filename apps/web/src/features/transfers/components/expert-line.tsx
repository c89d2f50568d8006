import type { TransferExpert } from '@psy/contracts';

/** 刘文博 老师（广州晴川医院临床心理科）, as the person's pages say it. */
export function teacher(e: TransferExpert): string {
  return `${e.name} 老师${e.institution ? `（${e.institution}）` : ''}`;
}
