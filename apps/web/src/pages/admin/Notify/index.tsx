/** /admin/notify 发送通知 (issue 5 §7): a notification to one user or to all users. */
import { Card } from 'antd';
import { NotifyForm } from '../shared/NotifyForm';

export default function AdminNotifyPage() {
  return (
    <div>
      <div className="admin-page-head">
        <div>
          <h1>发送通知</h1>
          <p>通知出现在用户的“消息通知”中，并计入页面右上角的未读数</p>
        </div>
      </div>
      <Card style={{ maxWidth: 640 }}>
        <NotifyForm />
      </Card>
    </div>
  );
}
