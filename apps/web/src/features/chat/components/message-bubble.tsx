import { ExclamationCircleFilled, LoadingOutlined } from '@ant-design/icons';
import type { ChatPeer } from '@psy/contracts';
import { Button, Image } from 'antd';
import { useState } from 'react';
import type { LocalMessage } from '../store/merge';
import { clockTime } from './chat-time';
import styles from './chat.module.css';
import { PeerAvatar } from './peer-avatar';

const THUMB_BOX = 200;

/** Signed image URLs carry their expiry (`exp`, seconds); a few seconds of margin for the request itself. */
function expired(url: string): boolean {
  const exp = Number(new URL(url, window.location.origin).searchParams.get('exp'));
  return !exp || exp * 1000 < Date.now() + 5_000;
}

/** Thumbnail size inside a 200 px box, from the stored dimensions, so the list never jumps as it loads. */
function thumbSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, THUMB_BOX / Math.max(width, height, 1));
  return { width: Math.max(40, Math.round(width * scale)), height: Math.max(40, Math.round(height * scale)) };
}

interface Props {
  message: LocalMessage;
  own: boolean;
  peer: ChatPeer;
  me: { name: string; avatar: string | null };
  /** Own messages up to this id have been read by the other side. */
  peerLastReadId: number;
  onRetry: (clientMessageId: string) => void;
  /** Fetch fresh signed URLs; `force` skips the pause kept between automatic retries. */
  onRefreshImages: (force?: boolean) => Promise<void>;
}

export function MessageBubble({ message, own, peer, me, peerLastReadId, onRetry, onRefreshImages }: Props) {
  const [previewOpen, setPreviewOpen] = useState(false);
  const image = message.messageType === '1' ? message.image : null;
  const size = image ? thumbSize(image.width, image.height) : null;
  const avatar = own ? { ...peer, name: me.name || '我', wxImg: me.avatar, identityType: 0 as const } : peer;

  return (
    <div
      className={`${styles.row} ${own ? styles.rowOwn : ''}`}
      data-message-id={message.id > 0 ? message.id : undefined}
      data-client-message-id={message.clientMessageId ?? undefined}
      aria-busy={message.pending === 'sending' || undefined}
    >
      <PeerAvatar peer={avatar} size={36} />
      <div className={styles.stack}>
        {message.messageType === '1' ? (
          <div className={`${styles.bubble} ${styles.imageBubble}`}>
            {image && size ? (
              <Image
                src={image.thumbUrl}
                width={size.width}
                height={size.height}
                alt="聊天图片"
                onError={() => void onRefreshImages()}
                preview={{
                  src: image.url,
                  mask: '查看大图',
                  open: previewOpen,
                  onOpenChange: (open) => {
                    // A page left open for a while holds expired links: renew before showing the full image.
                    if (open && expired(image.url))
                      void onRefreshImages(true).then(() => setPreviewOpen(true));
                    else setPreviewOpen(open);
                  },
                }}
              />
            ) : (
              <span style={{ lineHeight: 1.6, padding: '4px 8px', display: 'inline-block' }}>
                [图片已失效]
              </span>
            )}
          </div>
        ) : (
          <div className={styles.bubble}>{message.messageContent}</div>
        )}
        <div className={styles.meta}>
          <span>{clockTime(message.createdAt)}</span>
          {own && message.pending === 'sending' && (
            <span>
              <LoadingOutlined /> 发送中
            </span>
          )}
          {own && message.pending === 'failed' && (
            <span className={styles.failed}>
              <ExclamationCircleFilled /> 发送失败
              <Button
                type="link"
                size="small"
                danger
                style={{ padding: '0 4px', height: 'auto' }}
                onClick={() => message.clientMessageId && onRetry(message.clientMessageId)}
              >
                重发
              </Button>
            </span>
          )}
          {own && !message.pending && (
            <span className={message.id <= peerLastReadId ? styles.read : styles.unread}>
              {message.id <= peerLastReadId ? '已读' : '未读'}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
