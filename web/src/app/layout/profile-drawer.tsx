import Alert from 'antd/es/alert';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useSession } from '../../lib/session';

/**
 * "Editar Perfil" placeholder: shows who is logged in, read-only. Editing (name, e-mail,
 * password, phones) arrives with the users module.
 */
export function ProfileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { session } = useSession();
  return (
    <Drawer title="Editar Perfil" open={open} onClose={onClose} size={380}>
      <Form layout="vertical" name="profile">
        <Form.Item label="Nombre" htmlFor="profile-name">
          <Input id="profile-name" value={session?.user.name} readOnly />
        </Form.Item>
        <Form.Item label="Correo" htmlFor="profile-email">
          <Input id="profile-email" value={session?.user.email} readOnly />
        </Form.Item>
      </Form>
      <Alert type="info" showIcon title="La edición del perfil llegará con el módulo de usuarios." />
    </Drawer>
  );
}
