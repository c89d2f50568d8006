// antd's core (theme, CSS-in-JS, the header's components) and the few components nearly every
// page draws with (loading skeletons, empty states, tags, flex and grid layout), evaluated in a
// task of its own after React's and before the app's (main.tsx). In the first visit's chunk
// they cost it 9 KB gzipped and spare every page 8 to 11 requests of its own, each a few
// milliseconds of a phone's main thread (docs/performance.md, "The sixteenth machine").
export { Button, ConfigProvider, Layout, notification, Empty, Skeleton, Tag, Flex, Row, Col } from 'antd';
