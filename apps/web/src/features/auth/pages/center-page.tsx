import { EditOutlined, LockOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { roleLabels } from '@psy/contracts';
import { Button, Card, Col, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { maskPhone, useSession } from '../../../lib/session';
import { useDepartment } from '../api/department';
import { openChangePassword } from '../components/change-password-state';
import { LoginHistoryCard } from '../components/login-history-card';
import { QuickLinks } from '../components/quick-links';
import { UserAvatar } from '../components/user-avatar';

const roleColors = { user: 'cyan', expert: 'blue', auditor: 'purple', admin: 'magenta' } as const;

/** 个人中心 for users, experts and auditors alike (/user/center, /expert/center, /audit/center). */
export function Component() {
  return <CenterPage />;
}

/** The page, with what a role adds under the account cards (the expert's 今日待办). */
export function CenterPage({ extra }: { extra?: ReactNode }) {
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const { data: dept, isPending: deptPending } = useDepartment();

  if (!user) {
    return (
      <div className="page-container">
        <Card>
          <Skeleton avatar active paragraph={{ rows: 4 }} />
        </Card>
      </div>
    );
  }

  return (
    <div className="page-container">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card style={{ height: '100%' }}>
            <Flex gap={16} align="center" wrap>
              <UserAvatar user={user} size={72} />
              <div style={{ flex: 1, minWidth: 160 }}>
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {user.name || '未命名用户'} <Tag color={roleColors[user.role]}>{roleLabels[user.role]}</Tag>
                </Typography.Title>
                <Typography.Text type="secondary">
                  {deptPending ? '所属机构加载中…' : dept ? `${dept.name} · ${dept.city}` : '未加入机构'}
                </Typography.Text>
              </div>
              <Button icon={<EditOutlined />} onClick={() => navigate('/sys/account')}>
                编辑资料
              </Button>
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card
            title={
              <span>
                <SafetyCertificateOutlined /> 账号安全
              </span>
            }
            style={{ height: '100%' }}
          >
            <Flex justify="space-between" align="center" gap={12} wrap>
              <div>
                <div>登录手机号</div>
                <Typography.Text type="secondary">{maskPhone(user.telephone)}</Typography.Text>
              </div>
              <Button icon={<LockOutlined />} onClick={openChangePassword}>
                修改密码
              </Button>
            </Flex>
          </Card>
        </Col>
        {extra && <Col span={24}>{extra}</Col>}
        <Col span={24}>
          <QuickLinks user={user} />
        </Col>
        <Col span={24}>
          <LoginHistoryCard />
        </Col>
      </Row>
    </div>
  );
}
