import { EditOutlined, FileSearchOutlined, ProfileOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty, Tag, Timeline } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useWarning } from '../api/warnings';
import { idParam, LoadedItem } from '../../../components/page-states';
import { WarningLevelTag, WarningStatusTag, warningStatusLabels } from '../../../components/status-tags';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import styles from '../../../components/workbench/workbench.module.css';

/** 预警详情 (/expert/warning/detail?id=): the person, the reason, and what has been done so far. */
export function Component() {
  const [search] = useSearchParams();
  const id = idParam(search);
  const query = useWarning(id);

  return (
    <WorkbenchLayout>
      <LoadedItem query={query} id={id} what="预警" rows={8}>
        {(data) => (
          <>
            <WorkbenchHead
              title={
                <>
                  <WarningLevelTag level={data.level} suffix="危预警" /> {data.user.name || '用户'}
                </>
              }
              sub={`${data.scaleName} · ${formatDateTime(data.createdAt)}`}
              extra={
                <>
                  <Link to={`/expert/archives/record?userId=${data.user.id}`}>
                    <Button icon={<ProfileOutlined />}>心理档案</Button>
                  </Link>
                  <Link to={`/expert/test/detail?id=${data.assessmentId}`}>
                    <Button icon={<FileSearchOutlined />}>查看测评报告</Button>
                  </Link>
                  {data.status !== 'closed' && (
                    <Link to={`/expert/warning/status?id=${data.id}`}>
                      <Button type="primary" icon={<EditOutlined />}>
                        进度处理
                      </Button>
                    </Link>
                  )}
                </>
              }
            />
            <Card title="预警信息" size="small" style={{ marginBottom: 16 }}>
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'name', label: '姓名', children: data.user.name || '未填写' },
                  {
                    key: 'phone',
                    label: '联系电话',
                    children: <a href={`tel:${data.user.telephone}`}>{data.user.telephone}</a>,
                  },
                  { key: 'reason', label: '预警原因', children: data.reason },
                  { key: 'scale', label: '来源量表', children: data.scaleName },
                  {
                    key: 'level',
                    label: '预警等级',
                    children: <WarningLevelTag level={data.level} suffix="危" />,
                  },
                  {
                    key: 'status',
                    label: '处理状态',
                    children: (
                      <>
                        <WarningStatusTag status={data.status} />
                        {data.escalated && <Tag color="volcano">超时未处理，已上报审核员</Tag>}
                      </>
                    ),
                  },
                  { key: 'created', label: '产生时间', children: formatDateTime(data.createdAt) },
                  {
                    key: 'assessment',
                    label: '相关测评',
                    children: <Link to={`/expert/test/transfer?id=${data.assessmentId}`}>查看作答明细</Link>,
                  },
                ]}
              />
            </Card>
            <Card title="处理进度" size="small">
              {data.progress.length === 0 ? (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description="还没有处理记录。联系用户后，请在“进度处理”中记录情况。"
                />
              ) : (
                <Timeline
                  style={{ marginTop: 8 }}
                  items={data.progress.map((p) => ({
                    color: p.status === 'closed' ? 'gray' : 'blue',
                    content: (
                      <>
                        <div className={styles.muted}>
                          {formatDateTime(p.createdAt)} · {p.actorName} · {warningStatusLabels[p.status]}
                        </div>
                        <div style={{ whiteSpace: 'pre-wrap' }}>{p.note}</div>
                      </>
                    ),
                  }))}
                />
              )}
            </Card>
          </>
        )}
      </LoadedItem>
    </WorkbenchLayout>
  );
}
