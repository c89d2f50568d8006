// The home carousel's banners as other modules see them.
export type { BannersService } from './banners.service';
