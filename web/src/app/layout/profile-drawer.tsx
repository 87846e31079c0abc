import { ProfilePanel } from '../../features/profile/profile-panel';

/** "Editar Perfil" of the avatar menu: the profile side panel of the profile feature. */
export function ProfileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return <ProfilePanel open={open} onClose={onClose} />;
}
