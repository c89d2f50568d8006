import { ClockCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { formatFen } from '@psy/contracts';
import { Card, Col, Input, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { routeExists } from '../../../lib/route-exists';
import { useOtherScales } from '../api/scales';
import { CardSkeleton, EmptyCard, LoadError } from '../../../components/page-states';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import shared from '../../../components/workbench/workbench.module.css';
import styles from '../components/workbench.module.css';

/** 他人测评 (/expert/other): built-in scales and those other experts have published. */
export function Component() {
  const { data, isPending, isError, error, refetch } = useOtherScales();
  const [keyword, setKeyword] = useState('');
  const k = keyword.trim().toLowerCase();
  const shown =
    data?.filter(
      (s) => !k || `${s.name}${s.shortName}${s.category}${s.authorName ?? ''}`.toLowerCase().includes(k),
    ) ?? [];
  const linkable = routeExists('/test/detail');

  return (
    <WorkbenchLayout>
      <WorkbenchHead
        title="他人测评"
        sub="平台内置量表和其他专家已发布的量表，可以直接用于测评方案"
        extra={
          <Input.Search
            allowClear
            placeholder="搜索名称、分类或作者"
            onChange={(e) => setKeyword(e.target.value)}
            style={{ width: 240 }}
          />
        }
      />
      {isPending ? (
        <CardSkeleton />
      ) : isError ? (
        <LoadError error={error} what="量表" onRetry={() => void refetch()} />
      ) : shown.length === 0 ? (
        <EmptyCard text={k ? '没有找到匹配的量表，换个关键词试试' : '暂时没有其他专家发布的量表'} />
      ) : (
        <Row gutter={[16, 16]}>
          {shown.map((s) => {
            const card = (
              <Card className={styles.scaleCard} hoverable={linkable} size="small">
                <Space wrap size={4} style={{ marginBottom: 6 }}>
                  <Typography.Text strong style={{ fontSize: 15 }}>
                    {s.name}
                  </Typography.Text>
                </Space>
                <div style={{ marginBottom: 8 }}>
                  <Tag color="cyan">{s.category}</Tag>
                  {s.builtin ? <Tag color="blue">内置</Tag> : <Tag>{s.authorName ?? '专家'}编写</Tag>}
                  <Tag>{s.shortName}</Tag>
                </div>
                <div className={styles.clamp2}>{s.intro}</div>
                <Space size={12} className={shared.muted} style={{ marginTop: 8 }} wrap>
                  <span>
                    <UnorderedListOutlined /> {s.itemCount} 题
                  </span>
                  <span>
                    <ClockCircleOutlined /> 约 {s.estimatedMinutes} 分钟
                  </span>
                  <span>{s.priceFen > 0 ? `报告 ¥${formatFen(s.priceFen)}` : '报告免费'}</span>
                  <span>{s.takenCount} 人测过</span>
                </Space>
              </Card>
            );
            return (
              <Col key={s.id} xs={24} md={12} xxl={8}>
                {linkable ? (
                  <Link to={`/test/detail?id=${s.id}`} className={shared.cardLink}>
                    {card}
                  </Link>
                ) : (
                  card
                )}
              </Col>
            );
          })}
        </Row>
      )}
    </WorkbenchLayout>
  );
}
