import { CloseOutlined, UploadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { COURSE_VIDEO_MAX_BYTES, courseMessages, type CourseVideo } from '@psy/contracts';
import { Button, Flex, Progress, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { uploadVideo } from '../api/authoring';
import { clock } from './format';

const size = (b: number) =>
  b >= 1024 * 1024 ? `${(b / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(b / 1024)} KB`;

/** What the server read from the file: 12:00 · MP4 · 480×270 · 85 KB. */
export function videoFacts(v: CourseVideo): string {
  return [
    clock(v.durationSec),
    v.container.toUpperCase(),
    v.width && v.height ? `${v.width}×${v.height}` : null,
    size(v.sizeBytes),
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * A lesson's video: choose a file, watch it go up (a real progress bar from the upload's
 * own bytes), cancel it; the server then reads its container and duration from the file.
 */
export function VideoUpload({
  video,
  disabled,
  onUploaded,
  label,
}: {
  video: CourseVideo | null;
  disabled?: boolean;
  onUploaded: (v: CourseVideo) => void;
  label: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [name, setName] = useState('');
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = async (file: File) => {
    if (file.size > COURSE_VIDEO_MAX_BYTES) {
      toast.error(courseMessages.videoTooLarge(COURSE_VIDEO_MAX_BYTES));
      return;
    }
    const c = new AbortController();
    controller.current = c;
    setName(file.name);
    setPercent(0);
    try {
      const v = await uploadVideo(file, (p) => setPercent(Math.min(99, p)), c.signal);
      onUploaded(v);
      toast.success('视频已上传');
    } catch (err) {
      if (err instanceof ApiError && err.message === 'aborted') toast.info('已取消上传');
    } finally {
      controller.current = null;
      setPercent(null);
    }
  };

  if (percent !== null)
    return (
      <div role="group" aria-label={`${label}上传中`}>
        <Flex align="center" gap={8}>
          <Typography.Text ellipsis style={{ maxWidth: 220 }}>
            {name}
          </Typography.Text>
          <Progress
            percent={percent}
            size="small"
            style={{ flex: 1, margin: 0, minWidth: 120 }}
            aria-label="上传进度"
          />
          <Button size="small" icon={<CloseOutlined />} onClick={() => controller.current?.abort()}>
            取消
          </Button>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {percent >= 99 ? '正在校验视频格式与时长…' : '上传中，请不要关闭页面'}
        </Typography.Text>
      </div>
    );

  return (
    <Space wrap>
      <input
        ref={input}
        type="file"
        accept="video/mp4,video/quicktime,.mp4,.mov,.m4v"
        hidden
        aria-label={`${label}视频文件`}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void start(f);
        }}
      />
      {video ? (
        <Typography.Text type="secondary">
          <VideoCameraOutlined /> {videoFacts(video)}
        </Typography.Text>
      ) : (
        <Typography.Text type="warning">还没有视频</Typography.Text>
      )}
      <Button
        size="small"
        icon={<UploadOutlined />}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {video ? '更换视频' : '上传视频'}
      </Button>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        MP4 / MOV，{Math.floor(COURSE_VIDEO_MAX_BYTES / 1024 / 1024)} MB 以内
      </Typography.Text>
    </Space>
  );
}
