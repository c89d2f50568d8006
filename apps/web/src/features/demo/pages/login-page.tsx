import { ExperimentOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Tag } from 'antd';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { demoSignedOutReason, storedDemoUser, useDemoToken } from '../api/client';
import { useDemoLogin } from '../api/queries';
import type { DemoUser } from '../api/types';
import styles from '../components/demo.module.css';
import { useDemoTitle } from '../components/use-demo-title';
import { landingPath } from '../modules';

/** The two fake users of the mock (spec section 6); their password is public on purpose. */
const DEMO_ACCOUNTS = [
  { username: 'admin', password: '123456', label: '管理员', note: '可查看全部模块' },
  { username: 'test', password: '123456', label: '普通用户', note: '仅首页与站点列表' },
];

interface LoginForm {
  username: string;
  password: string;
}

/** Only /demo/... paths may be returned to: the redirect parameter never leads off the console. */
function safeRedirect(value: string | null): string | null {
  return value && /^\/demo\/[\w/-]*$/.test(value) ? value : null;
}

export function Component() {
  useDemoTitle('登录');
  const token = useDemoToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginForm>();
  const login = useDemoLogin();

  if (token && login.isIdle) return <Navigate to={landingPath(storedDemoUser<DemoUser>())} replace />;

  const submit = (values: LoginForm) =>
    login.mutate(values, {
      onSuccess: (user) =>
        navigate(safeRedirect(params.get('redirect')) ?? landingPath(user), { replace: true }),
    });

  return (
    <main className={styles.loginPage}>
      <Card className={styles.loginCard}>
        <h1 className={styles.loginTitle}>
          <span className={styles.brandMark}>
            <ExperimentOutlined />
          </span>
          演示后台
          <Tag color="orange">演示</Tag>
        </h1>
        <p className={styles.loginIntro}>
          这是一个演示用的管理后台：账号与数据均为模拟生成，与本平台的真实账号、测评和订单无关，也不会保存任何修改。
        </p>
        {params.get('expired') === '1' && !login.error && (
          <Alert type="warning" showIcon title="登录已失效，请重新登录" style={{ marginBottom: 16 }} />
        )}
        {/* Said here, not as a toast of the console's frame: the frame is gone with the session. */}
        {params.get('expired') !== '1' && demoSignedOutReason() === 'logout' && !login.error && (
          <Alert type="success" showIcon title="已退出演示后台" style={{ marginBottom: 16 }} />
        )}
        {login.error && (
          <Alert type="error" showIcon title={login.error.message} style={{ marginBottom: 16 }} />
        )}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} autoComplete="off">
          <Form.Item label="账号" name="username" rules={[{ required: true, message: '请输入账号' }]}>
            <Input prefix={<UserOutlined />} placeholder="admin 或 test" size="large" />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
            登录
          </Button>
        </Form>
        <p className={styles.loginIntro} style={{ margin: '20px 0 8px' }}>
          体验账号（点击填入）：
        </p>
        <div className={styles.accounts}>
          {DEMO_ACCOUNTS.map((a) => (
            <button
              key={a.username}
              type="button"
              className={styles.accountCard}
              onClick={() => form.setFieldsValue({ username: a.username, password: a.password })}
            >
              <strong>
                {a.username} / {a.password}
              </strong>
              <span>
                {a.label} · {a.note}
              </span>
            </button>
          ))}
        </div>
        <p style={{ textAlign: 'center', margin: '20px 0 0' }}>
          <Link to="/sys/home">返回平台首页</Link>
        </p>
      </Card>
    </main>
  );
}
