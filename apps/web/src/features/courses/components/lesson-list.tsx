import { CheckCircleFilled, FileTextOutlined, LockOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { CourseChapter, CourseLesson } from '@psy/contracts';
import { Tag } from 'antd';
import { clock } from './format';
import styles from './courses.module.css';

/** Chapters and their lessons: length, free trial, done; a locked lesson cannot be opened. */
export function LessonList({
  chapters,
  active,
  onOpen,
}: {
  chapters: CourseChapter[];
  active?: string | null;
  onOpen: (lesson: CourseLesson) => void;
}) {
  return (
    <nav aria-label="课程目录">
      {chapters.map((ch) => (
        <div key={ch.key}>
          <div className={styles.chapterTitle}>{ch.title}</div>
          {ch.lessons.map((l) => (
            <button
              key={l.key}
              type="button"
              className={`${styles.lessonRow} ${active === l.key ? styles.lessonActive : ''}`}
              onClick={() => onOpen(l)}
              aria-current={active === l.key ? 'true' : undefined}
              data-lesson={l.key}
            >
              {l.done ? (
                <CheckCircleFilled style={{ color: '#52c41a' }} aria-label="已学完" />
              ) : l.kind === 'video' ? (
                <PlayCircleOutlined />
              ) : (
                <FileTextOutlined />
              )}
              <span className={styles.lessonTitle}>{l.title}</span>
              {l.freeTrial && !l.done && (
                <Tag color="green" style={{ marginInlineEnd: 0 }}>
                  试看
                </Tag>
              )}
              <span className={styles.lessonAside}>
                {!l.open ? (
                  <LockOutlined aria-label="购买后可学" />
                ) : l.kind === 'video' ? (
                  clock(l.durationSec)
                ) : (
                  '图文'
                )}
              </span>
            </button>
          ))}
        </div>
      ))}
    </nav>
  );
}
