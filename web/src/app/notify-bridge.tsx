import message from 'antd/es/message';
import { useEffect } from 'react';
import { registerNotifier, type Notifier } from '../lib/notify';

/**
 * Hands antd's context-aware message API (theme and locale applied) to lib/notify, which the
 * http client and mutations call outside React. message.useMessage rather than antd's <App>,
 * whose Modal and notification would ride along on the login page. A chunk of its own, loaded
 * by NotifyHost on the first toast, which it then shows.
 */
export default function NotifyBridge({ pending }: { pending: ((notifier: Notifier) => void)[] }) {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    const withLines = (title: string, lines?: readonly string[]) =>
      lines?.length ? (
        <span>
          <strong>{title}</strong>
          <ul style={{ margin: '4px 0 0', paddingLeft: 18, textAlign: 'left' }}>
            {lines.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </span>
      ) : (
        title
      );
    const notifier: Notifier = {
      error: (title, lines) => void api.error({ content: withLines(title, lines), duration: lines?.length ? 6 : 3 }),
      success: (text) => void api.success(text),
      warning: (title, lines) => void api.warning({ content: withLines(title, lines), duration: lines?.length ? 8 : 4 }),
    };
    registerNotifier(notifier);
    pending.splice(0).forEach((show) => show(notifier));
    return () => registerNotifier(null);
  }, [api, pending]);
  return holder;
}
