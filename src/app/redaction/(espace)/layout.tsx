import type { ReactNode } from 'react';
import { StaffShell } from '@/components/newsroom/staff-shell';

/** The pages of signed-in staff: the newsroom's menu around them. */
export default function StaffLayout({ children }: { children: ReactNode }) {
  return <StaffShell>{children}</StaffShell>;
}
