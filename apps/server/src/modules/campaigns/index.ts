// The campaigns module (筛查活动) as other modules see it.
export type { CampaignsService } from './campaigns.service';
export type { CampaignWarnings } from './campaigns.routing';

declare module '../../lib/events' {
  interface DomainEvents {
    /**
     * A campaign opened (`open`) or its unfinished members were reminded (`remind`): every
     * account in `userIds` gets an in-app notification, those in `smsUserIds` an SMS too.
     */
    'campaign.notice': {
      campaignId: number;
      title: string;
      kind: 'open' | 'remind';
      closesAt: string;
      userIds: number[];
      smsUserIds: number[];
    };
  }
}

declare module '../../lib/events' {
  interface DomainEvents {
    /**
     * A campaign's warning reached a routing step: the staff of a unit (`staffIds`, first at the
     * person's unit, then above it once `escalated`), or past every unit the centre
     * (`centreIds`: auditors and admins). Unit staff read the level and the deadline only.
     */
    'campaign.warningRouted': {
      warningId: number;
      campaignTitle: string;
      memberName: string;
      unitName: string;
      level: number;
      /** The contact time of this step; `dueAt` is null at the centre. */
      hours: number;
      dueAt: string | null;
      escalated: boolean;
      staffIds: number[];
      centreIds: number[];
    };
  }
}
