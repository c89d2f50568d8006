import type { ChatPeer } from '@psy/contracts';
import { Avatar, Tag } from 'antd';

/** The other side's picture, or the first character of the name on the brand colour. */
export function PeerAvatar({ peer, size = 44 }: { peer: ChatPeer; size?: number }) {
  if (peer.wxImg) return <Avatar size={size} src={peer.wxImg} alt={peer.name} style={{ flex: 'none' }} />;
  return (
    <Avatar
      size={size}
      style={{ flex: 'none', background: peer.identityType === 1 ? '#13a8a8' : '#7a8fa6' }}
      aria-hidden
    >
      {peer.name.slice(0, 1)}
    </Avatar>
  );
}

/** Who the other side is: an expert (with institution), a client, or platform staff. */
export function PeerTag({ peer, className }: { peer: ChatPeer; className?: string }) {
  if (peer.identityType === 1)
    return (
      <Tag color="cyan" className={className} variant="filled">
        专家
      </Tag>
    );
  if (peer.identityType === 0)
    return (
      <Tag color="blue" className={className} variant="filled">
        来访者
      </Tag>
    );
  return (
    <Tag color="purple" className={className} variant="filled">
      平台
    </Tag>
  );
}
