import { PictureOutlined, SendOutlined } from '@ant-design/icons';
import { CHAT_TEXT_MAX } from '@psy/contracts';
import { Button, Input, Progress, Tooltip, Upload } from 'antd';
import type { KeyboardEvent } from 'react';
import { toast } from '../../../lib/toast';
import { CHAT_IMAGE_TYPES, chatImageProblem } from '../api/upload-image';
import { useChatStore } from '../store/chat-store';
import styles from './chat.module.css';

/** Text box (Enter sends, Shift+Enter starts a new line), image button with upload progress. */
export function Composer({ chatId }: { chatId: number }) {
  const draft = useChatStore((s) => s.draft);
  const setDraft = useChatStore((s) => s.setDraft);
  const sendText = useChatStore((s) => s.sendText);
  const sendImage = useChatStore((s) => s.sendImage);
  const uploading = useChatStore((s) => s.uploading);
  const ready = useChatStore((s) => s.chatStatus === 'ready');

  const length = draft.length;
  const over = length > CHAT_TEXT_MAX;
  const canSend = ready && draft.trim().length > 0 && !over;
  const busyHere = uploading?.chatId === chatId;

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is composing: Enter there picks the Chinese characters.
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    if (canSend) void sendText();
    else if (over) toast.warning(`消息最多${CHAT_TEXT_MAX}个字`);
  };

  return (
    <div className={styles.composer}>
      <div className={styles.toolbar}>
        <Upload
          accept={CHAT_IMAGE_TYPES.join(',')}
          showUploadList={false}
          disabled={!ready || !!uploading}
          beforeUpload={(file) => {
            const problem = chatImageProblem(file);
            if (problem) toast.warning(problem);
            else void sendImage(file);
            // The store uploads it (with progress); antd's own request is never used.
            return Upload.LIST_IGNORE;
          }}
        >
          <Tooltip title="发送图片（JPG/PNG/WebP/GIF，10 MB 以内）">
            <Button icon={<PictureOutlined />} disabled={!ready || !!uploading} aria-label="发送图片">
              图片
            </Button>
          </Tooltip>
        </Upload>
        {busyHere && (
          <div className={styles.progress} aria-live="polite">
            <span>{uploading.percent < 100 ? '正在上传图片' : '正在发送'}</span>
            <Progress
              percent={uploading.percent}
              size="small"
              strokeColor="#13a8a8"
              style={{ flex: 1, margin: 0 }}
            />
          </div>
        )}
      </div>
      <Input.TextArea
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder="输入消息…"
        aria-label="输入消息"
        autoSize={{ minRows: 2, maxRows: 6 }}
        disabled={!ready}
        status={over ? 'error' : undefined}
      />
      <div className={styles.composerFooter}>
        <span className={styles.hint}>Enter 发送，Shift + Enter 换行</span>
        <span className={`${styles.counter} ${over ? styles.counterOver : ''}`} aria-live="polite">
          {over ? `超出 ${length - CHAT_TEXT_MAX} 字 · ` : ''}
          {length}/{CHAT_TEXT_MAX}
        </span>
        <Button type="primary" icon={<SendOutlined />} disabled={!canSend} onClick={() => void sendText()}>
          发送
        </Button>
      </div>
    </div>
  );
}
