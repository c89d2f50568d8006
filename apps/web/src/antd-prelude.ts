// antd's core (theme, CSS-in-JS, the header's components), evaluated in a task of its own
// after React's and before the app's (main.tsx).
export { Button, ConfigProvider, Layout, notification } from 'antd';
