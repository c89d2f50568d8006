import { DownOutlined, LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { UserInfo } from '@psy/contracts';
import { Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { openChangePassword } from '../../features/auth/components/change-password-state';
import { UserAvatar } from '../../features/auth/components/user-avatar';
import styles from './site-header.module.css';

const items: MenuProps['items'] = [
  { key: 'account', icon: <UserOutlined />, label: '个人信息' },
  { key: 'password', icon: <LockOutlined />, label: '修改密码' },
  { type: 'divider' },
  { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
];

/** The signed-in account's dropdown in the header (spec: main layout). */
export function UserMenu({ user }: { user: UserInfo | null }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'account') navigate('/sys/account');
    else if (key === 'password') openChangePassword();
    else if (key === 'logout' && !logout.isPending) logout.mutate();
  };
  return (
    <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['click']}>
      <button type="button" className={styles.userButton} aria-label="账号菜单">
        <UserAvatar user={user} size={32} />
        <span className={styles.userName}>{user?.name || '我的账号'}</span>
        <DownOutlined className={styles.userName} style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}
