import Empty from 'antd/es/empty';
import { PageTitle } from '../../components/page-title';

/** Spec 01 §2: /chats is a placeholder text only. */
export default function ChatsPage() {
  return (
    <section aria-labelledby="page-title">
      <PageTitle>
        Chats
      </PageTitle>
      <Empty description="Próximamente" />
    </section>
  );
}
