import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { formatFen } from '@psy/contracts';
import { Alert, Button, Flex, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { routeExists } from '../../../lib/route-exists';
import { useMyScales, type MyScale } from '../api/scales';
import { ScaleStatusTag } from '../../../components/status-tags';
import { AuthoredList } from '../../../components/workbench/authored-list';
import styles from '../../../components/workbench/workbench.module.css';

function ScaleRow({ scale }: { scale: MyScale }) {
  const publicPage = `/test/detail?id=${scale.id}`;
  const live = scale.published && scale.status !== 'offline';
  return (
    <div className={styles.listItem}>
      <Flex justify="space-between" align="start" gap={12} wrap>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Space wrap size={6}>
            <Link to={`/expert/paper/detail?id=${scale.id}`}>
              <Typography.Text strong style={{ fontSize: 15 }}>
                {scale.name}
              </Typography.Text>
            </Link>
            <ScaleStatusTag status={scale.status} />
            {scale.published && scale.status !== 'published' && scale.status !== 'offline' && (
              <Typography.Text type="secondary">（已有发布版本）</Typography.Text>
            )}
          </Space>
          <div className={styles.muted}>
            {scale.shortName} · {scale.code} · {scale.category} ·{' '}
            {scale.priceFen > 0 ? `报告 ¥${formatFen(scale.priceFen)}` : '报告免费'}
            {live && ` · ${scale.itemCount} 题 · ${scale.takenCount} 人测过`}
          </div>
        </div>
        <Space wrap>
          {live && routeExists('/test/detail') && (
            <Link to={publicPage}>
              <Button size="small" icon={<EyeOutlined />}>
                测评中心
              </Button>
            </Link>
          )}
          <Link to={`/expert/paper/detail?id=${scale.id}`}>
            <Button size="small" type="primary" ghost icon={<EditOutlined />}>
              {scale.status === 'pending_review' ? '查看' : '编辑'}
            </Button>
          </Link>
        </Space>
      </Flex>
      {scale.status === 'rejected' && scale.rejectReason && (
        <Alert type="error" showIcon style={{ marginTop: 8 }} title={`驳回原因：${scale.rejectReason}`} />
      )}
    </div>
  );
}

/** 量表列表 (/expert/paper/list): the expert's own scales and where each one stands. */
export function Component() {
  return (
    <AuthoredList
      title="我的量表"
      sub="编写量表、预览计分，提交审核通过后在测评中心发布"
      create={{ label: '新建量表', to: '/expert/paper/detail' }}
      query={useMyScales()}
      what="量表列表"
      empty="你还没有编写量表，点击“新建量表”开始吧"
      noneOfStatus="这一类下没有量表"
      statuses={[
        { value: 'draft', label: '草稿' },
        { value: 'pending_review', label: '审核中' },
        { value: 'published', label: '已发布' },
        { value: 'rejected', label: '已驳回' },
      ]}
      row={(s) => <ScaleRow key={s.id} scale={s} />}
    />
  );
}
