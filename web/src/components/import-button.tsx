import UploadOutlined from '@ant-design/icons/UploadOutlined';
import Button from 'antd/es/button';
import { useNavigate } from 'react-router';
import { useCan } from '../lib/session';

/** "Importar" of Clientes and Direcciones de Pagos: the import page, for those holding import_clients. */
export function ImportButton() {
  const navigate = useNavigate();
  if (!useCan('import_clients')) return null;
  return (
    <Button icon={<UploadOutlined />} onClick={() => void navigate('/imports')}>
      Importar
    </Button>
  );
}
