export * from './common';
export * from './fields';
export * from './health';
export * from './home';
export * from './institutions';
export * from './site';
export * from './auth';
export * from './search';
export * from './chat';
export * from './notifications';
export * from './experts';
export * from './orders';
export * from './bookings';
export * from './uploads';
export * from './rich-text';

import { z } from 'zod';
// Zod's own messages (for rules without a message of ours) in Chinese, on server and web alike.
z.config(z.locales.zhCN());
export * from './scales';
export * from './regions';
export * from './assessments';
export * from './assessment-followup';
export * from './warnings';
export * from './reports';
export * from './review';
export * from './scale-authoring';
export * from './statistics';
