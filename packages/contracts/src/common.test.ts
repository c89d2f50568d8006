import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boundedInt, fenParam, id, idParam, INT4_MAX } from './common';

const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('id and idParam', () => {
  it('accept 1..2147483647, the range of an integer column', () => {
    expect(INT4_MAX).toBe(2 ** 31 - 1);
    expect(id().parse(1)).toBe(1);
    expect(id().parse(INT4_MAX)).toBe(INT4_MAX);
    expect(idParam().parse('1')).toBe(1);
    expect(idParam().parse('2147483647')).toBe(INT4_MAX);
    expect(idParam().parse(42)).toBe(42);
  });

  it('refuse what no row can have, in path and query text and in JSON alike', () => {
    for (const bad of ['2147483648', '0', '-1', '1e20', '1.5', 'abc', '', ' '])
      expect(idParam().safeParse(bad).success, bad).toBe(false);
    for (const bad of [2147483648, 0, -1, 1e20, 1.5, Number.NaN, Infinity, '5', null, undefined])
      expect(id().safeParse(bad).success, String(bad)).toBe(false);
  });

  it('name the field in Chinese from fieldLabels, whatever is wrong', () => {
    const query = z.object({ chatId: idParam(), institutionId: idParam().optional() });
    for (const bad of ['2147483648', '-1', '1e20', '1.5', 'abc'])
      expect(messageOf(query, { chatId: bad }), bad).toBe('会话编号不正确');
    expect(messageOf(query, { chatId: '1', institutionId: '2147483648' })).toBe('机构编号不正确');
    expect(messageOf(z.object({ slotId: id() }), { slotId: 2147483648 })).toBe('预约时段不正确');
    expect(messageOf(z.object({ id: idParam() }), { id: '2147483648' })).toBe('编号不正确');
    // A key without a label still answers in Chinese, naming the key.
    expect(messageOf(z.object({ fooId: id() }), { fooId: 0 })).toBe('fooId不正确');
    // A schema parsed on its own has no key to name.
    expect(messageOf(id(), 0)).toBe('请求参数不正确');
  });

  it('take a label, a message, or a message for a missing field', () => {
    expect(messageOf(z.object({ id: idParam({ label: '订单编号' }) }), { id: 'x' })).toBe('订单编号不正确');
    expect(messageOf(idParam({ message: '请选择咨询对象' }), '2147483648')).toBe('请选择咨询对象');
    const body = z.object({ slotId: id({ required: '请选择预约时间' }) });
    expect(messageOf(body, {})).toBe('请选择预约时间');
    expect(messageOf(body, { slotId: 2147483648 })).toBe('预约时段不正确');
  });

  it('declare their bounds in the OpenAPI schema, with the label as description', () => {
    expect(z.toJSONSchema(idParam({ label: '订单编号' }), { io: 'input' })).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: INT4_MAX,
      description: '订单编号',
    });
    expect(z.toJSONSchema(id())).toMatchObject({ type: 'integer', minimum: 1, maximum: INT4_MAX });
  });
});

describe('fenParam and boundedInt', () => {
  it('a price filter is 0..2147483647 fen', () => {
    const q = z.object({ minPrice: fenParam().optional(), maxPrice: fenParam().optional() });
    expect(q.parse({ minPrice: '0', maxPrice: '2147483647' })).toEqual({ minPrice: 0, maxPrice: INT4_MAX });
    expect(messageOf(q, { minPrice: '-1' })).toBe('最低价格不正确');
    expect(messageOf(q, { maxPrice: '2147483648' })).toBe('最高价格不正确');
    expect(messageOf(q, { maxPrice: '9.9' })).toBe('最高价格不正确');
  });

  it('bounds any integer, naming array items by their field', () => {
    const s = z.object({ answers: z.array(boundedInt(1, INT4_MAX).nullable()) });
    expect(s.parse({ answers: [1, null, 3] })).toEqual({ answers: [1, null, 3] });
    expect(messageOf(s, { answers: [1, 2147483648] })).toBe('作答不正确');
    expect(boundedInt(0, 10, { coerce: true }).parse('0')).toBe(0);
    expect(boundedInt(0, 10, { coerce: true }).safeParse('11').success).toBe(false);
  });
});
