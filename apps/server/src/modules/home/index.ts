// The home page module as other modules see it.
export { HOTLINES, type HomeService } from './home.service';
