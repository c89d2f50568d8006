import { CAMPAIGN_CONTACT_NOTE_MAX, type CampaignWarningState } from '@psy/contracts';
import { Alert, Button, Card, Flex, Form, Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  FilterSegments,
  ListRow,
  WorkbenchPagedList,
  useFilteredPages,
} from '../../../components/workbench/workbench-list';
import { formatDateTime } from '../../../lib/format';
import { useMyWarnings, useRecordContact, type CampaignWarningItem } from '../api/campaigns';
import { RiskTag, WarningStateTag, WarningWhere } from '../components/campaign-outcomes';

type Filter = 'all' | CampaignWarningState;
const PAGE_SIZE = 10;

/**
 * 需要联系的成员 (/org/warning/list): the screening warnings of the units someone is in charge
 * of — who, how urgent, by when — and the first contact they record. Answers and scores stay
 * with the centre.
 */
export function Component() {
  const { filter, choose, pageNum, setPageNum } = useFilteredPages<Filter>('pending');
  const list = useMyWarnings({
    pageNum,
    pageSize: PAGE_SIZE,
    ...(filter !== 'all' ? { state: filter } : {}),
  });
  const [contacting, setContacting] = useState<CampaignWarningItem>();

  return (
    <div className="page-container">
      <Typography.Title level={4}>需要联系的成员</Typography.Title>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message="请在时限内联系本人（电话或当面），了解近况并告知可以预约心理中心的老师；联系后在这里记录。超过时限未记录，预警会上报上一级单位。如遇紧急情况请立即拨打 120 / 110。"
      />
      <Card>
        <FilterSegments<Filter>
          value={filter}
          onChange={choose}
          options={[
            { value: 'pending', label: '待联系' },
            { value: 'contacted', label: '已联系' },
            { value: 'closed', label: '已结案' },
            { value: 'all', label: '全部' },
          ]}
        />
        <WorkbenchPagedList
          query={list}
          failed="预警加载失败"
          empty={filter === 'pending' ? '没有待联系的成员' : '没有记录'}
          page={{ current: pageNum, size: PAGE_SIZE, onChange: setPageNum }}
          role="list"
        >
          {(rows) =>
            rows.map((w) => (
              <ListRow
                key={w.id}
                role="listitem"
                actions={
                  !w.contactedAt && w.state === 'pending' ? (
                    <Button type="primary" onClick={() => setContacting(w)}>
                      记录首次联系
                    </Button>
                  ) : null
                }
              >
                <Flex gap={8} align="center" wrap>
                  <Typography.Text strong>{w.memberName}</Typography.Text>
                  <Typography.Text type="secondary">
                    {w.memberNo} · {w.unitName}
                  </Typography.Text>
                  <RiskTag level={w.level} />
                  <WarningStateTag w={w} />
                  {w.warningCount > 1 && <Tag>共 {w.warningCount} 条预警</Tag>}
                </Flex>
                <div>
                  <Typography.Text type="secondary">
                    {w.campaignTitle} · 预警时间 {formatDateTime(w.routedAt)}
                  </Typography.Text>
                </div>
                <WarningWhere w={w} />
              </ListRow>
            ))
          }
        </WorkbenchPagedList>
      </Card>
      <ContactModal warning={contacting} onClose={() => setContacting(undefined)} />
    </div>
  );
}

function ContactModal({ warning, onClose }: { warning?: CampaignWarningItem; onClose: () => void }) {
  const [form] = Form.useForm<{ note: string }>();
  const record = useRecordContact();
  return (
    <Modal
      open={!!warning}
      title={warning ? `记录首次联系 · ${warning.memberName}` : ''}
      okText="保存"
      cancelText="取消"
      confirmLoading={record.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {warning && warning.warningCount > 1 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${warning.memberName}在本次筛查中有 ${warning.warningCount} 条预警，记录一次联系即全部视为已联系。`}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) => warning && record.mutate({ id: warning.id, note: v.note }, { onSuccess: onClose })}
      >
        <Form.Item
          name="note"
          label="联系情况"
          rules={[{ required: true, whitespace: true, message: '请填写联系情况' }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 6 }}
            maxLength={CAMPAIGN_CONTACT_NOTE_MAX}
            showCount
            placeholder="如：已电话联系，本人情绪平稳，已建议预约心理中心老师"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
