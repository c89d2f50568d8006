import { PlusOutlined } from '@ant-design/icons';
import type { CampaignStatus } from '@psy/contracts';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AuditLayout } from '../../../components/workbench/audit-layout';
import {
  FilterSegments,
  ListRow,
  WorkbenchPagedList,
  useFilteredPages,
} from '../../../components/workbench/workbench-list';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import { useCampaigns } from '../api/campaigns';
import { CampaignFormModal } from '../components/campaign-form';
import { CampaignSummary } from '../components/campaign-progress';

type Filter = 'all' | CampaignStatus;
const PAGE_SIZE = 10;

/** 筛查活动 (/audit/campaign/list): every campaign with its live completion; new ones start as drafts. */
export function Component() {
  const navigate = useNavigate();
  const { filter, choose, pageNum, setPageNum } = useFilteredPages<Filter>('all');
  const [creating, setCreating] = useState(false);
  const list = useCampaigns({
    pageNum,
    pageSize: PAGE_SIZE,
    ...(filter !== 'all' ? { status: filter } : {}),
  });

  return (
    <AuditLayout>
      <WorkbenchHead
        title="筛查活动"
        sub="面向机构各单位的心理健康普查：发布后成员在个人中心收到通知，完成情况实时更新"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            新建活动
          </Button>
        }
      />
      <Card>
        <FilterSegments<Filter>
          value={filter}
          onChange={choose}
          options={[
            { value: 'all', label: '全部' },
            { value: 'draft', label: '草稿' },
            { value: 'open', label: '进行中' },
            { value: 'closed', label: '已结束' },
          ]}
        />
        <WorkbenchPagedList
          query={list}
          failed="筛查活动加载失败"
          empty="还没有筛查活动，点右上角“新建活动”开始"
          page={{ current: pageNum, size: PAGE_SIZE, onChange: setPageNum }}
          role="list"
        >
          {(rows) =>
            rows.map((c) => (
              <ListRow
                key={c.id}
                role="listitem"
                actions={
                  <Button onClick={() => navigate(`/audit/campaign/detail?id=${c.id}`)}>
                    {c.status === 'draft' ? '编辑与发布' : '查看进度'}
                  </Button>
                }
              >
                <CampaignSummary c={c} />
              </ListRow>
            ))
          }
        </WorkbenchPagedList>
      </Card>
      <CampaignFormModal
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(c) => navigate(`/audit/campaign/detail?id=${c.id}`)}
      />
    </AuditLayout>
  );
}
