import { roleLabels } from '@psy/contracts';
import { Card, Col, Descriptions, Row, Skeleton, Typography } from 'antd';
import { maskPhone } from '../../../lib/session';
import { useUserInfo } from '../api/user-info';
import { AvatarUpload } from '../components/avatar-upload';
import { ProfileForm } from '../components/profile-form';

/** 个人信息 (/sys/account, kept alive): avatar, editable profile, read-only account facts. */
export function Component() {
  // Always the server's copy: the form must not start from a stale local one.
  const { data: user } = useUserInfo();
  return (
    <div className="page-container">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        个人信息
      </Typography.Title>
      {!user ? (
        <Card>
          <Skeleton avatar active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} md={8}>
            <Card title="头像" style={{ height: '100%' }}>
              <AvatarUpload user={user} />
            </Card>
          </Col>
          <Col xs={24} md={16}>
            <Card title="基本资料">
              <Descriptions
                column={1}
                size="small"
                style={{ marginBottom: 24 }}
                items={[
                  { key: 'phone', label: '手机号', children: maskPhone(user.telephone) },
                  { key: 'role', label: '账号类型', children: roleLabels[user.role] },
                  { key: 'dept', label: '所属机构', children: user.department?.name ?? '未加入机构' },
                ]}
              />
              <ProfileForm key={user.id} user={user} />
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}
