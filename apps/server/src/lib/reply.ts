import { messages, type Envelope } from '@psy/contracts';
import type { FastifyReply } from 'fastify';

/** A 200 envelope around `data`. */
export function ok<T>(data: T, message: string = messages.success): Envelope<T> {
  return { status: 200, data, message };
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF_TYPE = 'application/pdf';

/** A private download: `attachment; filename="<ascii>"; filename*=UTF-8''<Chinese name>`. */
export function sendDownload(reply: FastifyReply, type: string, ascii: string, name: string, body: unknown) {
  return reply
    .type(type)
    .header(
      'Content-Disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('Cache-Control', 'private, no-store')
    .send(body);
}

/** The 200 envelope of an action that answers no data: `{ data: null, message }` once it is done. */
export async function done(action: Promise<unknown>, message?: string): Promise<Envelope<null>> {
  await action;
  return ok(null, message);
}
