import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';

/** A small PNG of one colour: real image bytes for the upload endpoints. */
export function png(color = '#13a8a8', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Uploads a content image (POST /api/uploads/image) and answers its name and URL. */
export async function uploadContentImage(
  app: FastifyInstance,
  token: string,
  file?: Buffer,
): Promise<{ name: string; url: string }> {
  const boundary = '----content' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file ?? (await png()),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/SysAdmin/api/uploads/image',
    headers: { serviceToken: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const body = res.json() as { data: { name: string; url: string }; message: string };
  expect(res.statusCode, body.message).toBe(200);
  return body.data;
}
