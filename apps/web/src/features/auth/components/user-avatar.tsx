import type { UserInfo } from '@psy/contracts';
import { avatarUrl } from '../../../lib/session';
import styles from './user-avatar.module.css';

/**
 * The profile picture, or the first character of the name on the brand colour. Drawn like
 * antd's Avatar but without it: the header shows it on every page, and antd's Avatar brings
 * its Avatar.Group, and with it the Popover and the whole popup machinery, to the first visit.
 */
export function UserAvatar({ user, size = 32 }: { user: UserInfo | null; size?: number }) {
  const src = avatarUrl(user);
  const box = { width: size, height: size, lineHeight: `${size}px` };
  if (src)
    return (
      <span className={`${styles.avatar} ${styles.image}`} style={box}>
        <img src={src} alt={user?.name} />
      </span>
    );
  return (
    <span className={styles.avatar} style={box}>
      {user?.name?.slice(0, 1) || '我'}
    </span>
  );
}
