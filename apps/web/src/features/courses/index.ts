// What pages outside the feature may use (app/routes: the home page's 精品课程, an expert's page).
export { CourseCard } from './components/course-card';
export { ExpertCourses } from './components/expert-courses';
export { FeaturedCourses } from './components/featured-courses';
export { courseListQuery, featuredCoursesQuery } from './api/learning';
