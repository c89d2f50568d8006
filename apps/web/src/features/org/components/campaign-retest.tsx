import { CAMPAIGN_TITLE_MAX } from '@psy/contracts';
import { ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  List,
  Modal,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime, fromPicker, pickerValue } from '../../../lib/format';
import {
  useRetestCandidates,
  useScheduleRetest,
  type CampaignDetail,
  type CampaignRetestCandidate,
} from '../api/campaigns';
import { RiskTag } from './campaign-outcomes';
import { CampaignStatusTag, CampaignWindow, CompletionBar } from './campaign-progress';

/** A re-test's default name, as the server gives it: the campaign's, marked 复测. */
const retestTitle = (title: string) => `${title.slice(0, CAMPAIGN_TITLE_MAX - 3)}·复测`;

/**
 * 复测: the re-tests of a campaign with their completion, and the button that schedules one for
 * the people with warnings.
 */
export function RetestCard({ c, warnings }: { c: CampaignDetail; warnings: number | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">
          为有预警的人安排一次复测：同一测评内容，只通知名单中的人；复测结果计入本次筛查的“复测、好转”，并显示在本人档案的趋势图中。
        </Typography.Text>
        <Button
          icon={<ReloadOutlined />}
          disabled={c.status === 'draft' || warnings === 0}
          onClick={() => setOpen(true)}
        >
          安排复测
        </Button>
      </Flex>
      {c.retests.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={warnings === 0 ? '这次筛查没有预警，无需复测' : '还没有安排复测'}
        />
      ) : (
        <List
          dataSource={c.retests}
          renderItem={(r) => (
            <List.Item>
              <Flex gap={12} align="center" wrap style={{ width: '100%' }}>
                <div style={{ flex: '1 1 240px', minWidth: 0 }}>
                  <Link to={`/audit/campaign/detail?id=${r.id}`}>{r.title}</Link>{' '}
                  <CampaignStatusTag status={r.status} />
                  <div>
                    <CampaignWindow opensAt={r.opensAt} closesAt={r.closesAt} />
                  </div>
                </div>
                <div style={{ flex: '1 1 200px' }}>
                  <CompletionBar p={r.progress} size="small" />
                </div>
              </Flex>
            </List.Item>
          )}
        />
      )}
      {open && <RetestModal c={c} onClose={() => setOpen(false)} />}
    </>
  );
}

interface Values {
  title: string;
  window: [Dayjs, Dayjs];
}

/** Chooses who is re-tested (everyone with a warning, by default), the name and the window. */
function RetestModal({ c, onClose }: { c: CampaignDetail; onClose: () => void }) {
  const candidates = useRetestCandidates(c.id, true);
  const schedule = useScheduleRetest();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  // Everyone with a warning is picked at first, but those already listed by an earlier re-test.
  const [choice, setPicked] = useState<number[] | null>(null);
  const picked =
    choice ?? (candidates.data ?? []).filter((m) => m.retestIds.length === 0).map((m) => m.memberId);

  const submit = (v: Values) => {
    schedule.mutate(
      {
        id: c.id,
        body: {
          title: v.title.trim(),
          memberIds: picked,
          opensAt: fromPicker(v.window[0]),
          closesAt: fromPicker(v.window[1]),
        },
      },
      {
        onSuccess: (created) => {
          onClose();
          void navigate(`/audit/campaign/detail?id=${created.id}`);
        },
      },
    );
  };

  return (
    <Modal
      open
      title="安排复测"
      okText={`创建复测（${picked.length} 人）`}
      cancelText="取消"
      width={760}
      okButtonProps={{ disabled: picked.length === 0 }}
      confirmLoading={schedule.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          title: retestTitle(c.title),
          window: [pickerValue().startOf('minute'), pickerValue().add(14, 'day').hour(18).startOf('hour')],
        }}
      >
        <Flex gap={16} wrap>
          <Form.Item
            name="title"
            label="复测名称"
            style={{ flex: '1 1 240px' }}
            rules={[{ required: true, whitespace: true, message: '请填写复测名称' }]}
          >
            <Input maxLength={CAMPAIGN_TITLE_MAX} showCount />
          </Form.Item>
          <Form.Item
            name="window"
            label="复测时间"
            style={{ flex: '1 1 320px' }}
            rules={[{ required: true, message: '请选择复测时间' }]}
          >
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Flex>
      </Form>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="复测使用与本次筛查相同的测评内容和知情同意书，创建后为草稿，发布时才通知名单中的人（站内通知与短信）。"
      />
      <Table<CampaignRetestCandidate>
        rowKey="memberId"
        size="small"
        loading={candidates.isPending}
        dataSource={candidates.data ?? []}
        pagination={false}
        scroll={{ x: 600, y: 320 }}
        locale={{ emptyText: candidates.isError ? '加载失败，请关闭后重试' : '这次筛查没有预警' }}
        rowSelection={{
          selectedRowKeys: picked,
          onChange: (keys) => setPicked(keys as number[]),
        }}
        columns={[
          { title: '姓名', dataIndex: 'name', width: 100 },
          { title: '学号/工号', dataIndex: 'memberNo', width: 110 },
          { title: '单位', dataIndex: 'unitName', ellipsis: true },
          { title: '预警等级', dataIndex: 'level', width: 96, render: (l: number) => <RiskTag level={l} /> },
          { title: '预警时间', dataIndex: 'warnedAt', width: 150, render: (t: string) => formatDateTime(t) },
          {
            title: '复测',
            dataIndex: 'retestIds',
            width: 90,
            render: (ids: number[]) => (ids.length ? <Tag color="blue">已安排 {ids.length} 次</Tag> : null),
          },
        ]}
      />
    </Modal>
  );
}
