import { genderLabels, genders, type UserInfo } from '@psy/contracts';
import { Button, DatePicker, Form, Input, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { personNameRules } from '../../../lib/form-rules';
import { toast } from '../../../lib/toast';
import { useEditProfile } from '../api/edit-profile';

interface Values {
  name: string;
  gender: UserInfo['gender'];
  birthday: Dayjs | null;
}

// A birthday cannot be in the future nor before the contract's 1900 floor.
const outOfRange = (d: Dayjs) => d.isAfter(dayjs(), 'day') || d.isBefore(dayjs('1900-01-01'));

export function ProfileForm({ user }: { user: UserInfo }) {
  const edit = useEditProfile();
  return (
    <Form<Values>
      layout="vertical"
      requiredMark={false}
      style={{ maxWidth: 480 }}
      initialValues={{
        name: user.name,
        gender: user.gender,
        birthday: user.birthday ? dayjs(user.birthday) : null,
      }}
      onFinish={(v) =>
        edit.mutate(
          {
            name: v.name.trim(),
            gender: v.gender,
            birthday: v.birthday ? v.birthday.format('YYYY-MM-DD') : null,
          },
          { onSuccess: () => toast.success('个人信息已保存') },
        )
      }
    >
      <Form.Item name="name" label="姓名" rules={personNameRules}>
        <Input placeholder="请输入姓名" maxLength={20} showCount />
      </Form.Item>
      <Form.Item name="gender" label="性别">
        <Radio.Group
          options={genders.map((g) => ({ value: g, label: genderLabels[g] }))}
          optionType="default"
        />
      </Form.Item>
      <Form.Item name="birthday" label="出生日期">
        <DatePicker style={{ width: '100%' }} disabledDate={outOfRange} placeholder="请选择出生日期" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={edit.isPending}>
        保存
      </Button>
    </Form>
  );
}
