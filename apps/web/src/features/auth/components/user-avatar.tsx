import type { UserInfo } from '@psy/contracts';
import { Avatar } from 'antd';
import { avatarUrl } from '../../../lib/session';

/** The profile picture, or the first character of the name on the brand colour. */
export function UserAvatar({ user, size = 32 }: { user: UserInfo | null; size?: number }) {
  const src = avatarUrl(user);
  if (src) return <Avatar size={size} src={src} alt={user?.name} />;
  return (
    <Avatar size={size} style={{ background: '#13a8a8', flex: 'none' }}>
      {user?.name?.slice(0, 1) || '我'}
    </Avatar>
  );
}
