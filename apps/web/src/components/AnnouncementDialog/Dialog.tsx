/**
 * The 公告 dialog (spec p2 §2 "announcement (title 公告, width 788px)"): the announcement's title, date
 * and plain-text content (line breaks kept; never HTML), closed with 我知道了. Loaded only when there is
 * an announcement to show; brings antd's theme and locale with it (antd/AntdScope.tsx).
 */
import { Button, Modal } from 'antd';
import { ANNOUNCEMENT_WIDTH } from '@cunzheng/contract/constants';
import type { TNotice } from '@cunzheng/contract/account';
import { UI } from '@cunzheng/contract/messages';
import { AntdScope } from '../../antd/AntdScope';
import { formatDateTime } from '../../utils/format';
import './announcement.css';

export default function AnnouncementModal({ notice, onClose }: { notice: TNotice; onClose: () => void }) {
  return (
    <AntdScope>
      <Modal
        open
        title={UI.ANNOUNCEMENT_TITLE}
        width={ANNOUNCEMENT_WIDTH}
        onCancel={onClose}
        centered
        footer={
          <Button type="primary" onClick={onClose}>
            我知道了
          </Button>
        }
      >
        <article className="announcement">
          <h2 className="announcement-title">{notice.title}</h2>
          <div className="announcement-date">发布时间：{formatDateTime(notice.publishedAt)}</div>
          <div className="announcement-content">{notice.content}</div>
        </article>
      </Modal>
    </AntdScope>
  );
}
