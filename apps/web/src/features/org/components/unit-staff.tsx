import { PHONE_PATTERN } from '@psy/contracts';
import { Button, Form, Input, List, Popconfirm, Typography } from 'antd';
import { LoadFailed } from '../../../components/page-states';
import { useAddStaff, useRemoveStaff, useStaff, type OrgUnit } from '../api/org';

/** 负责人: accounts that see this unit, what is under it and its members (辅导员, HR partners). */
export function UnitStaff({ unit }: { unit: OrgUnit }) {
  const staff = useStaff(unit.id);
  const add = useAddStaff(unit.id);
  const remove = useRemoveStaff(unit.id);
  const [form] = Form.useForm<{ telephone: string }>();
  if (staff.isError) return <LoadFailed title="负责人加载失败" onRetry={() => void staff.refetch()} />;
  return (
    <>
      <Typography.Paragraph type="secondary">
        负责人可查看“{unit.name}
        ”及其下级单位和成员，看不到其他单位。按手机号添加，账号不存在时会自动开通（短信验证码登录）。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        onFinish={async (v) => {
          await add.mutateAsync(v.telephone.trim());
          form.resetFields();
        }}
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        <Form.Item
          name="telephone"
          rules={[
            { required: true, message: '请输入手机号' },
            { pattern: PHONE_PATTERN, message: '手机号格式不正确' },
          ]}
        >
          <Input placeholder="负责人手机号" maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          添加负责人
        </Button>
      </Form>
      <List
        loading={staff.isPending}
        dataSource={staff.data ?? []}
        locale={{ emptyText: '这个单位还没有负责人' }}
        renderItem={(s) => (
          <List.Item
            actions={[
              <Popconfirm
                key="remove"
                title={`移除 ${s.name}？`}
                onConfirm={() => remove.mutateAsync(s.userId)}
              >
                <Button type="link" danger size="small">
                  移除
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta title={s.name} description={s.telephone} />
          </List.Item>
        )}
      />
    </>
  );
}
