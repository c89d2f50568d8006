import { Spin } from 'antd';

/**
 * While a page's code loads: a spinner over the whole window below the header, so the footer
 * stays out of sight instead of showing mid-screen and jumping down when the page arrives
 * (a layout shift Lighthouse counted on the question page).
 */
export function RouteFallback() {
  return (
    <div
      style={{
        display: 'flex',
        justifyContent: 'center',
        padding: '120px 0',
        minHeight: 'calc(100vh - 64px)',
        boxSizing: 'border-box',
      }}
    >
      <Spin size="large" />
    </div>
  );
}
