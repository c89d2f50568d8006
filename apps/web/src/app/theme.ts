import type { ThemeConfig } from 'antd';

/** A calm teal: trustworthy without the coldness of a hospital blue. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#13a8a8',
    colorLink: '#0e8f8f',
    borderRadius: 8,
    fontSize: 14,
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 64, headerPadding: '0 24px', footerBg: '#1f2d3d' },
  },
};
