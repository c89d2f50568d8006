import { useQuery } from '@tanstack/react-query';
import {
  App,
  Avatar,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  Result,
  Row,
  Skeleton,
  Space,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { useDemoToken } from '../api/client';
import { accountInfoQuery } from '../api/queries';
import type { DemoUser } from '../api/types';
import styles from '../components/demo.module.css';
import { RegionPicker } from '../components/region-picker';
import { useDemoTitle } from '../components/use-demo-title';
import { MODULE_LABELS } from '../modules';

interface ProfileForm {
  realName: string;
  mobile: string;
  region?: string[];
  desc: string;
}

function Profile({ user }: { user: DemoUser }) {
  const modules =
    user.is_admin === 1 ? (
      <Tag color="cyan">全部模块</Tag>
    ) : (
      <span className={styles.tags}>
        {user.modules.map((m) => (
          <Tag key={m}>{MODULE_LABELS[m]}</Tag>
        ))}
      </span>
    );
  return (
    <Card>
      <Space size={16} align="center" style={{ marginBottom: 20 }}>
        <Avatar src={user.avatar} size={64}>
          {user.realName.slice(0, 1)}
        </Avatar>
        <div>
          <div style={{ fontSize: 18, fontWeight: 600 }}>{user.realName}</div>
          <Tag color={user.is_admin === 1 ? 'cyan' : 'default'} style={{ marginTop: 4 }}>
            {user.role_name}
          </Tag>
        </div>
      </Space>
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2 }}
        size="small"
        items={[
          { key: 'username', label: '账号', children: user.username },
          { key: 'userId', label: '用户编号', children: user.userId },
          { key: 'mobile', label: '手机号', children: user.mobile },
          { key: 'last', label: '上次登录', children: user.last_login },
          { key: 'modules', label: '可访问模块', children: modules },
          { key: 'token', label: '演示令牌', children: <span className={styles.mono}>{user.token}</span> },
          {
            key: 'auths',
            label: '权限标识',
            span: 'filled',
            children: (
              <span className={styles.tags}>
                {user.auths.map((a) => (
                  <Tag key={a} className={styles.mono}>
                    {a}
                  </Tag>
                ))}
              </span>
            ),
          },
          { key: 'desc', label: '简介', span: 'filled', children: user.desc },
        ]}
      />
    </Card>
  );
}

function ProfileSettings({ user }: { user: DemoUser }) {
  const { message } = App.useApp();
  const [regionLabels, setRegionLabels] = useState<string[]>([]);
  return (
    <Card title="资料设置" extra={<Tag color="orange">演示：不会保存</Tag>}>
      <Form<ProfileForm>
        layout="vertical"
        initialValues={{ realName: user.realName, mobile: user.mobile, desc: user.desc }}
        onFinish={() =>
          message.info(
            `校验通过。演示后台不保存修改${regionLabels.length ? `（所在地区：${regionLabels.join(' / ')}）` : ''}`,
          )
        }
      >
        <Form.Item label="姓名" name="realName" rules={[{ required: true, message: '请输入姓名' }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item
          label="手机号"
          name="mobile"
          rules={[
            { required: true, message: '请输入手机号' },
            { pattern: /^1[3-9]\d{9}$/, message: '请输入 11 位手机号' },
          ]}
        >
          <Input inputMode="numeric" maxLength={11} />
        </Form.Item>
        <Form.Item label="所在地区" name="region">
          <RegionPicker onChange={(_codes, labels) => setRegionLabels(labels)} />
        </Form.Item>
        <Form.Item label="简介" name="desc">
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          保存
        </Button>
      </Form>
    </Card>
  );
}

/** Account info, from /v1/account/info with the console's token: every signed-in demo user has it. */
export function Component() {
  useDemoTitle('账户信息');
  const token = useDemoToken();
  const fallback = useOutletContext<DemoUser>();
  const { data, error, refetch } = useQuery(accountInfoQuery(token));

  if (error) {
    return (
      <Result
        status="error"
        title="账户信息加载失败"
        subTitle={error.message}
        extra={<Button onClick={() => refetch()}>重试</Button>}
      />
    );
  }
  const user = data;
  return (
    <>
      <div className={styles.pageHeader}>
        <h1>账户信息</h1>
        <p>演示账号，与平台真实账号无关</p>
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          {user ? (
            <Profile user={user} />
          ) : (
            <Card>
              <Skeleton active avatar paragraph={{ rows: 6 }} />
            </Card>
          )}
        </Col>
        <Col xs={24} xl={10}>
          <ProfileSettings user={user ?? fallback} />
        </Col>
      </Row>
    </>
  );
}
