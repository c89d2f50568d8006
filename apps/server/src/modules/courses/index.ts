// The courses module as other modules see it.
export type { CoursesService } from './courses.service';

/** A learner joining a course or refunded, as the expert's notification names them. */
interface CourseLearnerEvent {
  courseId: number;
  userId: number;
  expertId: number;
  title: string;
  userName: string;
  amountFen: number;
}

declare module '../../lib/events' {
  interface DomainEvents {
    /** A learner joined a course (paid, or free); the expert is told. */
    'course.enrolled': CourseLearnerEvent;
    /** A learner's purchase was refunded: access ended; the expert is told. */
    'course.refunded': CourseLearnerEvent;
    /** An auditor took a course off the shelves, or put it back. */
    'course.shelved': { courseId: number; expertId: number; title: string; online: boolean };
  }
}
