import { FileSearchOutlined } from '@ant-design/icons';
import { Button, Card, Tag } from 'antd';
import { Link } from 'react-router';
import { AnswersTables } from '../components/answers-table';
import { PersonInfo } from '../components/person-info';
import { WarningLevelTag, WarningStatusTag } from '../../../components/status-tags';
import { AssessmentItemPage } from '../components/assessment-item-page';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';

/** 测评详情 (/expert/test/transfer?id=): who took it, and every answer they gave. */
export function Component() {
  return (
    <AssessmentItemPage what="测评" rows={10}>
      {(data) => (
        <>
          <WorkbenchHead
            title={data.title}
            sub={`${data.user.name || '用户'} 的测评 · ${data.status === 'submitted' ? '已完成' : '进行中'}`}
            extra={
              data.status === 'submitted' && (
                <Link to={`/expert/test/detail?id=${data.id}`}>
                  <Button type="primary" icon={<FileSearchOutlined />}>
                    报告详情
                  </Button>
                </Link>
              )
            }
          />
          <PersonInfo of={data} />
          {data.warnings.length > 0 && (
            <Card title="预警" size="small" style={{ marginBottom: 16 }}>
              {data.warnings.map((w) => (
                <div key={w.id} style={{ marginBottom: 6 }}>
                  <WarningLevelTag level={w.level} />{' '}
                  <Link to={`/expert/warning/detail?id=${w.id}`}>{w.reason}</Link>{' '}
                  <WarningStatusTag status={w.status} />
                </div>
              ))}
            </Card>
          )}
          {data.answers.length ? (
            <AnswersTables answers={data.answers} />
          ) : (
            <Card size="small">
              <Tag>尚未开始作答</Tag>
            </Card>
          )}
        </>
      )}
    </AssessmentItemPage>
  );
}
