/**
 * Chinese names of request fields, used to name the field in a 400 answer
 * when a schema's own message does not already say which field is wrong.
 */
export const fieldLabels: Record<string, string> = {
  telephone: '手机号',
  password: '密码',
  code: '验证码',
  type: '类型',
  name: '姓名',
  gender: '性别',
  birthday: '出生日期',
  avatar: '头像',
  pageNum: '页码',
  pageSize: '每页条数',
  id: '编号',
  keyword: '关键词',
};

export function fieldLabel(path: ReadonlyArray<PropertyKey>): string {
  const names = path.filter((p): p is string => typeof p === 'string');
  const last = names[names.length - 1];
  if (!last) return '请求参数';
  return fieldLabels[last] ?? last;
}
