import { PlayCircleOutlined, StarFilled, TeamOutlined } from '@ant-design/icons';
import type { CourseSummary } from '@psy/contracts';
import { Tag } from 'antd';
import { LinkCard } from '../../../components/link-card';
import { yuan } from '../../../lib/format';
import { CourseCover } from './course-cover';
import { totalLength } from './format';
import styles from './courses.module.css';

/** One course in the catalogue, on the home page (精品课程) and an expert's page; the card opens the detail. */
export function CourseCard({ course }: { course: CourseSummary }) {
  return (
    <LinkCard
      to={`/course/detail?id=${course.id}`}
      label={course.title}
      body={{ padding: 0 }}
      className={styles.card}
    >
      <CourseCover
        id={course.id}
        title={course.title}
        url={course.coverUrl}
        badge={
          <Tag color="cyan" variant="solid" style={{ marginInlineEnd: 0 }}>
            {course.category}
          </Tag>
        }
        corner={totalLength(course.durationSec)}
      />
      <div className={styles.cardBody}>
        <div className={styles.cardTitle}>{course.title}</div>
        <div className={styles.meta}>
          <span>
            {course.expert.name} · {course.expert.title}
          </span>
        </div>
        <div className={styles.meta}>
          <span>
            <PlayCircleOutlined /> {course.lessonCount} 课时
          </span>
          <span>
            <TeamOutlined /> {course.learnerCount} 人在学
          </span>
          {course.rating !== null ? (
            <span className={styles.rating}>
              <StarFilled /> {course.rating.toFixed(1)}
            </span>
          ) : (
            <span>暂无评分</span>
          )}
        </div>
        <div className={styles.priceLine}>
          {course.priceFen === 0 ? (
            <span className={styles.free}>免费</span>
          ) : (
            <span className={styles.price}>{yuan(course.priceFen)}</span>
          )}
        </div>
      </div>
    </LinkCard>
  );
}
