export type { ReportsService } from './reports.service';
