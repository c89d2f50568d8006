import { Drawer, Menu } from 'antd';
import { Link } from 'react-router';
import type { NavEntry } from './nav';

/**
 * The phone's navigation drawer. Loaded the first time someone opens it (the header asks for it
 * as the finger or pointer reaches the button): antd's Drawer and Menu would otherwise come with
 * the first visit of every page, on phones and desktops alike.
 */
export function PhoneNav({
  open,
  onClose,
  entries,
  selected,
}: {
  open: boolean;
  onClose: () => void;
  entries: readonly Pick<NavEntry, 'path' | 'label'>[];
  selected: string[];
}) {
  return (
    <Drawer
      title="导航"
      placement="right"
      size={260}
      open={open}
      onClose={onClose}
      styles={{ body: { padding: 0 } }}
    >
      <Menu
        mode="inline"
        selectedKeys={selected}
        onClick={onClose}
        items={entries.map((n) => ({ key: n.path, label: <Link to={n.path}>{n.label}</Link> }))}
      />
    </Drawer>
  );
}
