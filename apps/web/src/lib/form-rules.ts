import type { FormRule } from 'antd';

/** A person's 姓名 as the server takes it (contracts: trimmed, 1 to 20 characters). */
export const personNameRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入姓名' },
  { max: 20, message: '姓名最多20个字' },
];
