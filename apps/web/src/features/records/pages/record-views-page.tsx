import { AuditOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { cooperationScopeLabels, type RecordViewsPage } from '@psy/contracts';
import { Card, Flex, List, Tag, Typography } from 'antd';
import { ListWithStates } from '../../../components/list-with-states';
import { EmptyCard } from '../../../components/page-states';
import { formatDateTime } from '../../../lib/format';
import { usePageParam } from '../../../lib/url-filters';
import { useRecordViews } from '../api/records';

const PAGE_SIZE = 10;
const roleColors: Record<string, string> = { 负责专家: 'blue', 协作专家: 'cyan', 平台审核员: 'purple' };

/** The experts consulted on my case, current and past. */
function Consulted({ data }: { data: RecordViewsPage | undefined }) {
  if (!data?.consulted.length) return null;
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title={
        <span>
          <TeamOutlined /> 参与您个案协作的专家
        </span>
      }
    >
      <List
        dataSource={data.consulted}
        renderItem={(c) => (
          <List.Item key={c.id}>
            <div style={{ minWidth: 0 }}>
              <Flex gap={8} align="center" wrap>
                <Typography.Text strong>{c.expert.name} 老师</Typography.Text>
                <Tag color={c.active ? 'success' : 'default'}>{c.active ? '协作中' : '已结束'}</Tag>
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {[c.expert.title, c.expert.institution].filter(Boolean).join(' · ')}
              </Typography.Text>
              <div style={{ fontSize: 13 }}>
                由 {c.invitedBy} 老师邀请 · {cooperationScopeLabels[c.scope]} · {formatDateTime(c.since)} 起
                {c.endedAt && `，${formatDateTime(c.endedAt)} 结束`}
              </div>
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** 档案查阅记录 (/user/recordViews): who opened my record and when; who was consulted on my case. */
export function Component() {
  const [pageNum, setPageNum] = usePageParam();
  const query = useRecordViews(pageNum, PAGE_SIZE);

  return (
    <div className="page-container" style={{ maxWidth: 960 }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        档案查阅记录
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        <SafetyCertificateOutlined />{' '}
        您的心理档案只有为您服务的专家、经邀请参与协作的专家和平台审核员可以查阅。
        每一次查阅都会被记录在这里。
      </Typography.Paragraph>
      <Consulted data={query.data} />
      <ListWithStates
        query={query}
        failed="查阅记录加载失败"
        empty={<EmptyCard text="还没有人查阅过您的心理档案" />}
        page={{ current: pageNum, size: PAGE_SIZE, onChange: setPageNum }}
      >
        {(list) => (
          <Card size="small" title={`共 ${query.data?.total ?? list.length} 次查阅`}>
            <List
              dataSource={list}
              renderItem={(v) => (
                <List.Item key={v.id} data-testid="record-view">
                  <Flex gap={12} align="center" style={{ width: '100%' }} wrap>
                    <AuditOutlined style={{ color: '#13a8a8', fontSize: 18 }} />
                    <div style={{ flex: 1, minWidth: 160 }}>
                      <Flex gap={8} align="center" wrap>
                        <Typography.Text strong>
                          {v.viewer.role === '平台审核员' ? '平台审核员' : `${v.viewer.name} 老师`}
                        </Typography.Text>
                        <Tag color={roleColors[v.viewer.role] ?? 'default'}>{v.viewer.role}</Tag>
                      </Flex>
                      {(v.viewer.title || v.viewer.institution) && (
                        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                          {[v.viewer.title, v.viewer.institution].filter(Boolean).join(' · ')}
                        </Typography.Text>
                      )}
                    </div>
                    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                      {formatDateTime(v.at)} 查阅
                    </Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          </Card>
        )}
      </ListWithStates>
    </div>
  );
}
