import { ReloadOutlined, StepForwardOutlined } from '@ant-design/icons';
import { PROGRESS_SAVE_MS, type LessonContent, type ProgressResult } from '@psy/contracts';
import { Button, Flex, Segmented, Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { RichTextView } from '../../../components/rich-text';
import { saveProgress } from '../api/learning';
import { clock } from './format';
import styles from './courses.module.css';

const speeds = [0.75, 1, 1.25, 1.5, 2];

export interface NextLesson {
  key: string;
  title: string;
}

/**
 * One lesson: a video streamed from its signed address (the browser asks for byte ranges, so
 * seeking works before the file has arrived), resumed where the learner stopped, with speeds;
 * or a text lesson, done once read to its end. With `courseId`, progress is saved every few
 * seconds while playing, on pause, on switching lessons and on leaving the page.
 */
export function LessonPlayer({
  lesson,
  courseId,
  track,
  next,
  onNext,
  onSaved,
  onExpired,
}: {
  lesson: LessonContent;
  courseId: number;
  /** Save progress (learners); a visitor's free trial is not saved. */
  track: boolean;
  next?: NextLesson | null;
  onNext?: (key: string) => void;
  onSaved?: (r: ProgressResult) => void;
  /** The signed address ran out (a long pause): ask for a fresh one. */
  onExpired?: (atSec: number) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const watched = useRef(0);
  const lastTime = useRef(0);
  // Where the player is, kept outside the element: the last save runs after it is gone.
  const pos = useRef(lesson.positionSec);
  const dirty = useRef(false);
  const [speed, setSpeed] = useState(1);
  const [ended, setEnded] = useState(false);

  const flush = useCallback(
    (keepalive = false) => {
      if (!track || lesson.kind !== 'video' || !dirty.current) return;
      dirty.current = false;
      const body = {
        lessonKey: lesson.key,
        positionSec: Math.round(pos.current * 10) / 10,
        watchedSec: Math.round(watched.current * 10) / 10,
      };
      watched.current = 0;
      void saveProgress(courseId, body, keepalive).then((r) => r && onSaved?.(r));
    },
    [track, lesson.key, lesson.kind, courseId, onSaved],
  );

  // Resume at the saved second once the metadata is in.
  const onLoaded = () => {
    const v = video.current;
    if (!v) return;
    v.playbackRate = speed;
    if (lesson.positionSec > 1 && lesson.positionSec < (v.duration || Infinity) - 1)
      v.currentTime = lesson.positionSec;
    lastTime.current = v.currentTime;
    pos.current = v.currentTime;
  };

  // Count what is really played: small forward steps of the clock, not seeks.
  const onTime = () => {
    const v = video.current;
    if (!v) return;
    const step = v.currentTime - lastTime.current;
    if (step > 0 && step < 1.5 * Math.max(1, v.playbackRate) && !v.seeking) watched.current += step;
    lastTime.current = v.currentTime;
    if (pos.current !== v.currentTime) dirty.current = true;
    pos.current = v.currentTime;
  };

  // (A new lesson gets a new player: callers key it by lesson, so `ended` starts false.)
  useEffect(() => {
    watched.current = 0;
    dirty.current = false;
    pos.current = lesson.positionSec;
    if (!track || lesson.kind !== 'video') return;
    const timer = setInterval(() => {
      flush();
    }, PROGRESS_SAVE_MS);
    const hide = () => {
      if (document.visibilityState === 'hidden') flush(true);
    };
    const leave = () => flush(true);
    document.addEventListener('visibilitychange', hide);
    window.addEventListener('pagehide', leave);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', hide);
      window.removeEventListener('pagehide', leave);
      // Switching lessons or leaving the page inside the app.
      flush();
    };
  }, [track, lesson.key, lesson.kind, lesson.positionSec, flush]);

  // A text lesson is done once its end has been on screen.
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!track || lesson.kind !== 'text' || lesson.done || !end.current) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        void saveProgress(courseId, { lessonKey: lesson.key, positionSec: 0, read: true }).then(
          (r) => r && onSaved?.(r),
        );
      }
    });
    io.observe(end.current);
    return () => io.disconnect();
  }, [track, lesson.key, lesson.kind, lesson.done, courseId, onSaved]);

  if (lesson.kind === 'text') {
    return (
      <article className={styles.textLesson} aria-label={lesson.title}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {lesson.title}
        </Typography.Title>
        <RichTextView html={lesson.body ?? ''} />
        <div ref={end} className={styles.muted} style={{ marginTop: 24 }}>
          {lesson.done ? '本课时已学完' : '读到这里，本课时就学完了'}
        </div>
        {next && onNext && (
          <Button
            type="primary"
            icon={<StepForwardOutlined />}
            style={{ marginTop: 12 }}
            onClick={() => onNext(next.key)}
          >
            下一课：{next.title}
          </Button>
        )}
      </article>
    );
  }

  return (
    <div>
      <div className={styles.stage}>
        {lesson.videoUrl ? (
          <video
            ref={video}
            key={lesson.key}
            src={lesson.videoUrl}
            controls
            playsInline
            preload="metadata"
            controlsList="nodownload"
            onLoadedMetadata={onLoaded}
            onTimeUpdate={onTime}
            onPause={() => flush()}
            onPlay={() => setEnded(false)}
            onEnded={() => {
              flush();
              setEnded(true);
            }}
            onError={() => onExpired?.(video.current?.currentTime ?? lesson.positionSec)}
            aria-label={lesson.title}
          />
        ) : (
          <Skeleton.Node active style={{ width: '100%', height: '100%' }} />
        )}
        {ended && (
          <div className={styles.ended} role="dialog" aria-label="本课时播放完毕">
            <Typography.Text style={{ color: '#fff', fontSize: 16 }}>本课时已播放完毕</Typography.Text>
            <Flex gap={12} wrap justify="center">
              {next && onNext && (
                <Button type="primary" icon={<StepForwardOutlined />} onClick={() => onNext(next.key)}>
                  下一课：{next.title}
                </Button>
              )}
              <Button
                ghost
                icon={<ReloadOutlined />}
                onClick={() => {
                  setEnded(false);
                  if (video.current) {
                    video.current.currentTime = 0;
                    void video.current.play();
                  }
                }}
              >
                重新播放
              </Button>
            </Flex>
          </div>
        )}
      </div>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 8 }}>
        <Typography.Text strong>{lesson.title}</Typography.Text>
        <Flex align="center" gap={8}>
          <span className={styles.muted}>时长 {clock(lesson.durationSec)}</span>
          <Segmented
            size="small"
            aria-label="播放速度"
            value={speed}
            options={speeds.map((s) => ({ label: `${s}x`, value: s }))}
            onChange={(v) => {
              setSpeed(Number(v));
              if (video.current) video.current.playbackRate = Number(v);
            }}
          />
        </Flex>
      </Flex>
    </div>
  );
}
