import { Alert, Button, Card, Form, Input, Radio, Space } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAddProgress, useWarning } from '../api/warnings';
import { idParam, LoadedItem } from '../../../components/page-states';
import { WarningLevelTag, WarningStatusTag } from '../../../components/status-tags';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';

interface Values {
  status: 'following' | 'closed';
  note: string;
}

/** 进度处理 (/expert/warning/status?id=): record what was done; the warning moves on with it. */
export function Component() {
  const [search] = useSearchParams();
  const id = idParam(search);
  const navigate = useNavigate();
  const query = useWarning(id);
  const add = useAddProgress(id);

  const onFinish = (v: Values) =>
    add.mutate(
      { status: v.status, note: v.note.trim() },
      { onSuccess: () => void navigate(`/expert/warning/detail?id=${id}`) },
    );

  return (
    <WorkbenchLayout>
      <LoadedItem query={query} id={id} what="预警" rows={6}>
        {(data) => (
          <>
            <WorkbenchHead title="进度处理" sub={`${data.user.name || '用户'} · ${data.reason}`} />
            <Card>
              <Space wrap style={{ marginBottom: 16 }}>
                <WarningLevelTag level={data.level} suffix="危预警" />
                <span>{data.scaleName}</span>
                <span>当前状态：</span>
                <WarningStatusTag status={data.status} />
              </Space>
              {data.status === 'closed' ? (
                <Alert
                  type="info"
                  showIcon
                  title="这条预警已关闭，不能再添加处理记录"
                  action={<Link to={`/expert/warning/detail?id=${id}`}>返回详情</Link>}
                />
              ) : (
                <Form<Values>
                  layout="vertical"
                  initialValues={{ status: 'following', note: '' }}
                  onFinish={onFinish}
                  style={{ maxWidth: 640 }}
                >
                  <Form.Item
                    name="status"
                    label="处理状态"
                    rules={[{ required: true, message: '请选择处理状态' }]}
                  >
                    <Radio.Group
                      optionType="button"
                      buttonStyle="solid"
                      options={[
                        { value: 'following', label: '跟进中' },
                        { value: 'closed', label: '已关闭' },
                      ]}
                    />
                  </Form.Item>
                  <Form.Item
                    name="note"
                    label="处理记录"
                    extra="如：已电话联系本人，情绪稳定，约定本周五面谈；关闭时请写明结论。"
                    rules={[
                      { required: true, whitespace: true, message: '请填写处理记录' },
                      { min: 2, message: '处理记录至少2个字' },
                      { max: 1000, message: '处理记录最多1000个字' },
                    ]}
                  >
                    <Input.TextArea autoSize={{ minRows: 4, maxRows: 10 }} maxLength={1000} showCount />
                  </Form.Item>
                  <Space>
                    <Button type="primary" htmlType="submit" loading={add.isPending}>
                      保存记录
                    </Button>
                    <Link to={`/expert/warning/detail?id=${id}`}>
                      <Button>取消</Button>
                    </Link>
                  </Space>
                </Form>
              )}
            </Card>
          </>
        )}
      </LoadedItem>
    </WorkbenchLayout>
  );
}
