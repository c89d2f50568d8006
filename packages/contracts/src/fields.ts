/**
 * Chinese names of request fields, used to name the field in a 400 answer
 * when a schema's own message does not already say which field is wrong.
 */
export const fieldLabels: Record<string, string> = {
  kind: '类别',
  status: '状态',
  level: '预警等级',
  escalated: '是否超时',
  approve: '审核结果',
  reason: '原因',
  comment: '意见',
  action: '操作',
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
  chatId: '会话编号',
  receiverId: '咨询对象',
  readChatMessage: '已读消息编号',
  before: '消息编号',
  limit: '条数',
  exp: '链接有效期',
  slotId: '预约时段',
  scaleId: '量表编号',
  planId: '方案编号',
  activityId: '活动编号',
  institutionId: '机构编号',
  minPrice: '最低价格',
  maxPrice: '最高价格',
  priceFen: '价格',
  sessionMinutes: '单次时长',
  durationMinutes: '时长',
  yearsOfPractice: '从业年限',
  weekday: '星期',
  age: '年龄',
  part: '量表序号',
  item: '题号',
  position: '选项',
  durationSeconds: '答题用时',
  answers: '作答',
  scope: '数据范围',
  from: '开始日期',
  to: '结束日期',
  ageBand: '年龄段',
  province: '省份',
};

export function fieldLabel(path: ReadonlyArray<PropertyKey>): string {
  const names = path.filter((p): p is string => typeof p === 'string');
  const last = names[names.length - 1];
  if (!last) return '请求参数';
  return fieldLabels[last] ?? last;
}
