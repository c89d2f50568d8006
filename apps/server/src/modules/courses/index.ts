// The courses module as other modules see it.
export type { CoursesService } from './courses.service';

declare module '../../lib/events' {
  interface DomainEvents {
    /** A learner joined a course (paid, or free); the expert is told. */
    'course.enrolled': {
      courseId: number;
      userId: number;
      expertId: number;
      title: string;
      userName: string;
      amountFen: number;
    };
    /** A learner's purchase was refunded: access ended; the expert is told. */
    'course.refunded': {
      courseId: number;
      userId: number;
      expertId: number;
      title: string;
      userName: string;
      amountFen: number;
    };
    /** An auditor took a course off the shelves, or put it back. */
    'course.shelved': { courseId: number; expertId: number; title: string; online: boolean };
  }
}
