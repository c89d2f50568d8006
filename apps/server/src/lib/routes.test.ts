import { describe as suite, expect, it } from 'vitest';
import { z } from 'zod';
import { describe } from './routes';

suite('describe', () => {
  const doc = describe({ tags: ['t'], security: [{ serviceToken: [] }] });

  it('documents an upload as multipart with an enveloped reply, and its size cap only when given', () => {
    const reply = z.object({ url: z.string() });
    const query = z.object({ institutionId: z.number() });
    const capped = doc.upload('上传', { query, reply, bodyLimit: 10 });
    expect(capped.bodyLimit).toBe(10);
    expect(capped.schema).toMatchObject({
      tags: ['t'],
      summary: '上传',
      security: [{ serviceToken: [] }],
      consumes: ['multipart/form-data'],
      querystring: query,
    });
    expect('bodyLimit' in doc.upload('上传', { reply })).toBe(false);
  });

  it('documents a download as the file itself, not an envelope', () => {
    const params = z.object({ id: z.number() });
    const { schema } = doc.download('下载', { params, types: ['application/pdf'], file: 'PDF 文件' });
    expect(schema).toMatchObject({ summary: '下载', params, produces: ['application/pdf'] });
    expect(Object.keys(schema)).not.toContain('querystring');
    expect((schema as unknown as { response: { 200: z.ZodType } }).response[200].description).toBe(
      'PDF 文件',
    );
  });
});
