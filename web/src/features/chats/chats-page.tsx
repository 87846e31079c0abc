import Empty from 'antd/es/empty';
import Typography from 'antd/es/typography';

/** Spec 01 §2: /chats is a placeholder text only. */
export default function ChatsPage() {
  return (
    <section aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title">
        Chats
      </Typography.Title>
      <Empty description="Próximamente" />
    </section>
  );
}
