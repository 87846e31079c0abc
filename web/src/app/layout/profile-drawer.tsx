import { lazy, Suspense, useState } from 'react';

// Opened from the avatar menu, now and then: its form, phone inputs, two-factor enrolment and the
// schemas behind them load when it first opens, not with every signed-in page, where evaluating
// them was a 40 ms task of the layout's start on a phone (docs/decisions.md, "Delivery").
const ProfilePanel = lazy(() => import('../../features/profile/profile-panel').then((module) => ({ default: module.ProfilePanel })));

/** "Editar Perfil" of the avatar menu: the profile side panel of the profile feature, loaded on first opening. */
export function ProfileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ProfilePanel open={open} onClose={onClose} />
    </Suspense>
  );
}
