import { messages, type Envelope } from '@psy/contracts';

/** A 200 envelope around `data`. */
export function ok<T>(data: T, message: string = messages.success): Envelope<T> {
  return { status: 200, data, message };
}
