import { Card, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { isSafeRedirect, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { PasswordLoginForm, SmsLoginForm } from '../components/login-forms';
import { ResetPasswordForm } from '../components/reset-password-form';
import styles from '../components/auth.module.css';

type View = { name: 'login'; tab: 'password' | 'sms'; telephone?: string } | { name: 'reset' };

/** Where to go after signing in: ?redirect= when it is a path on this site, else the home page. */
function useTarget(): string {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return isSafeRedirect(redirect) && !redirect.startsWith('/login') ? redirect : '/sys/home';
}

export function Component() {
  const token = useSession((s) => s.token);
  const target = useTarget();
  const [view, setView] = useState<View>({ name: 'login', tab: 'password' });

  // Signing in (or arriving already signed in) leads straight on.
  if (token) return <Navigate to={target} replace />;

  return (
    <div className={styles.page}>
      <Card className={styles.card} variant="borderless">
        <div className={styles.head}>
          <img src="/logo.svg" alt="" width={44} height={44} />
          <Typography.Title level={3} style={{ margin: '8px 0 0' }}>
            {view.name === 'reset' ? '重置密码' : '欢迎登录'}
          </Typography.Title>
          <Typography.Text type="secondary">
            {view.name === 'reset' ? '通过手机短信验证码设置新密码' : '心理测评与咨询平台'}
          </Typography.Text>
        </div>
        {view.name === 'reset' ? (
          <ResetPasswordForm
            onBack={() => setView({ name: 'login', tab: 'password' })}
            onDone={(telephone) => {
              toast.success('密码已重置，请使用新密码登录');
              setView({ name: 'login', tab: 'password', telephone });
            }}
          />
        ) : (
          <Tabs
            centered
            activeKey={view.tab}
            onChange={(tab) => setView({ ...view, tab: tab as 'password' | 'sms' })}
            items={[
              {
                key: 'password',
                label: '密码登录',
                children: (
                  <PasswordLoginForm
                    // A new key after a reset remounts the form with the phone filled in.
                    key={view.telephone ?? ''}
                    telephone={view.telephone}
                    onForgot={() => setView({ name: 'reset' })}
                  />
                ),
              },
              { key: 'sms', label: '短信登录', children: <SmsLoginForm /> },
            ]}
          />
        )}
      </Card>
    </div>
  );
}
