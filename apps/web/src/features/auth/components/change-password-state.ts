import { create } from 'zustand';

/**
 * Whether the change-password dialog is open. Apart from the dialog so that the header's menu
 * and the personal center can open it without loading its form: the layout loads the dialog
 * the first time it is asked for (`used`), and keeps it mounted afterwards for its animations.
 */
export const useChangePasswordState = create<{ open: boolean; used: boolean }>(() => ({
  open: false,
  used: false,
}));
export const openChangePassword = () => useChangePasswordState.setState({ open: true, used: true });
export const closeChangePassword = () => useChangePasswordState.setState({ open: false });
