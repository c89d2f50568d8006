import { CalendarOutlined, RightOutlined } from '@ant-design/icons';
import { Badge, Card, Empty, List, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { routeExists } from '../../../lib/route-exists';
import { useAgenda } from '../api/agenda';
import { agendaMeta } from './agenda-meta';

/** 今日待办 in a few lines (the expert's 个人中心): each section's count, leading to its list. */
export function AgendaSummary() {
  const agenda = useAgenda();
  const sections = agenda.data?.sections ?? [];
  return (
    <Card
      title={
        <span>
          <CalendarOutlined /> 今日待办
        </span>
      }
      extra={<Link to="/expert/work">进入工作台</Link>}
    >
      {agenda.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : agenda.isError ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={`今日待办加载失败：${agenda.error.message}`}
        />
      ) : (
        <List
          size="small"
          dataSource={sections}
          renderItem={(s) => {
            const meta = agendaMeta[s.key];
            const row = (
              <List.Item extra={<RightOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />}>
                <List.Item.Meta
                  avatar={<span style={{ color: meta.color, fontSize: 18 }}>{meta.icon}</span>}
                  title={meta.label}
                  description={
                    s.urgent ? (
                      <Typography.Text type="danger">
                        {meta.urgent} {s.urgent}
                      </Typography.Text>
                    ) : (
                      (s.note ?? (s.count ? null : meta.empty))
                    )
                  }
                />
                <Badge
                  count={s.count}
                  showZero
                  color={s.count ? (s.urgent ? '#f5222d' : meta.color) : '#d9d9d9'}
                />
              </List.Item>
            );
            return routeExists(meta.list) ? (
              <Link
                to={meta.list}
                aria-label={`${meta.label} ${s.count}`}
                style={{ color: 'inherit', display: 'block' }}
              >
                {row}
              </Link>
            ) : (
              row
            );
          }}
        />
      )}
    </Card>
  );
}
