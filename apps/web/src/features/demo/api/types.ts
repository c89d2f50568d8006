import type {
  DemoAccountItem,
  DemoHomeInfo,
  DemoHomeItem,
  DemoModule,
  DemoPage,
  DemoRegion,
  DemoSiteItem,
  DemoUser,
} from '@psy/contracts';

/** The mock's shapes (spec section 3), shared with the server's demo-mock module through contracts. */
export type { DemoModule, DemoUser };
export type Paged<T> = DemoPage<T>;
export type SiteItem = DemoSiteItem;
export type HomeItem = DemoHomeItem;
export type AccountItem = DemoAccountItem;
export type HomeInfo = DemoHomeInfo;
export type Region = DemoRegion;

export function canSee(user: DemoUser | undefined, module: DemoModule): boolean {
  return !!user && (user.is_admin === 1 || user.modules.includes(module));
}
