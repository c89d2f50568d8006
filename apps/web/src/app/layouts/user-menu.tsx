import { DownOutlined, LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { UserInfo } from '@psy/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { openChangePassword } from '../../features/auth/components/change-password-state';
import { UserAvatar } from '../../features/auth/components/user-avatar';
import styles from './site-header.module.css';

interface Item {
  key: 'account' | 'password' | 'logout';
  icon: ReactNode;
  label: string;
  danger?: boolean;
}

/** Moves the focus to the menu's i-th item (negative: from the end; past the end: wraps). */
function focusItem(list: HTMLUListElement | null, i: number) {
  const els = [...(list?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  els[(i + els.length) % els.length]?.focus();
}

const items: Item[] = [
  { key: 'account', icon: <UserOutlined />, label: '个人信息' },
  { key: 'password', icon: <LockOutlined />, label: '修改密码' },
  { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
];

/**
 * The signed-in account's menu in the header (spec: main layout), drawn like antd's Dropdown
 * but without it: antd's Dropdown brings its Menu and the trigger/popup machinery to the first
 * visit of every page (docs/performance.md, "Bytes on the wire"). A menu button (WAI-ARIA):
 * Enter, Space or ArrowDown open it on the first item, the arrows, Home and End move, Escape
 * closes it and returns to the button, Tab or a click outside closes it.
 */
export function UserMenu({ user }: { user: UserInfo | null }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const menuId = useId();
  // Which item takes the focus when the menu opens (arrow up: the last one).
  const focusOnOpen = useRef(0);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    focusItem(list.current, focusOnOpen.current);
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const choose = (key: Item['key']) => {
    close(key !== 'account');
    if (key === 'account') navigate('/sys/account');
    else if (key === 'password') openChangePassword();
    else if (!logout.isPending) logout.mutate();
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      focusOnOpen.current = e.key === 'ArrowUp' ? -1 : 0;
      if (open) focusItem(list.current, focusOnOpen.current);
      else setOpen(true);
    }
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const els = [...(list.current?.querySelectorAll('[role="menuitem"]') ?? [])];
    const at = els.indexOf(document.activeElement as Element);
    if (e.key === 'ArrowDown') focusItem(list.current, at + 1);
    else if (e.key === 'ArrowUp') focusItem(list.current, at - 1);
    else if (e.key === 'Home') focusItem(list.current, 0);
    else if (e.key === 'End') focusItem(list.current, -1);
    else if (e.key === 'Escape') close(true);
    else if (e.key === 'Tab') return setOpen(false);
    else return;
    e.preventDefault();
  };

  return (
    <div ref={root} className={styles.userMenu}>
      <button
        ref={button}
        type="button"
        className={styles.userButton}
        aria-label="账号菜单"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          focusOnOpen.current = 0;
          setOpen((v) => !v);
        }}
        onKeyDown={onButtonKey}
      >
        <UserAvatar user={user} size={32} />
        <span className={styles.userName}>{user?.name || '我的账号'}</span>
        <DownOutlined className={styles.userName} style={{ fontSize: 10 }} />
      </button>
      {open && (
        <ul
          ref={list}
          id={menuId}
          role="menu"
          aria-label="账号"
          className={styles.dropdown}
          onKeyDown={onMenuKey}
        >
          {items.map((item) => (
            <li key={item.key} role="none">
              {item.danger && <div role="separator" className={styles.dropdownDivider} />}
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={
                  item.danger ? `${styles.dropdownItem} ${styles.dropdownDanger}` : styles.dropdownItem
                }
                onClick={() => choose(item.key)}
              >
                <span className={styles.dropdownIcon} aria-hidden="true">
                  {item.icon}
                </span>
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
