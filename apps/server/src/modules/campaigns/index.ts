// The campaigns module (筛查活动) as other modules see it.
export type { CampaignsService } from './campaigns.service';

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
