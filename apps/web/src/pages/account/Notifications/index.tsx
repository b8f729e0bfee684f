/**
 * /notifications 消息通知 (spec p1 §2–4, §7–9): a table of messages, 10 per page, with 删除选中 and
 * 全部已读. Unread rows are bold with a dot; clicking an unread row marks it read (isRead '0' → '1').
 * Toasts: the server's msg (删除成功, 操作成功); nothing selected → 请选择消息.
 */
import { useState } from 'react';
import { App, Button, Card, Grid, Pagination, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PAGE_SIZE } from '@cunzheng/contract/constants';
import type { TNewsItem } from '@cunzheng/contract/account';
import { MSG, UI } from '@cunzheng/contract/messages';
import { formatDateTime } from '../../../utils/format';
import { useNews } from './useNews';
import '../shared/account.css';

export default function NotificationsPage() {
  const { md } = Grid.useBreakpoint();
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const { list, read, remove } = useNews(page);
  const rows = list.isError ? [] : (list.data?.list ?? []);
  const count = list.isError ? 0 : (list.data?.count ?? 0);
  const unread = list.data?.unread ?? 0;

  const markOne = async (r: TNewsItem) => {
    if (r.isRead !== '0') return;
    try {
      await read([r.newsId]);
    } catch {
      // Toasted by the wrapper.
    }
  };

  const readAll = async () => {
    try {
      void message.success((await read('all')) || MSG.OPERATION_SUCCESS);
    } catch {
      // Toasted by the wrapper.
    }
  };

  const removeSelected = () => {
    if (selected.length === 0) {
      void message.warning(MSG.NEWS_SELECT);
      return;
    }
    modal.confirm({
      title: UI.CONFIRM_TITLE,
      content: `确定删除选中的 ${selected.length} 条消息吗？`,
      okText: UI.OK,
      cancelText: UI.CANCEL,
      onOk: async () => {
        try {
          const msg = await remove(selected);
          void message.success(msg || MSG.DELETE_SUCCESS);
          setSelected([]);
          // Deleting the last rows of the last page shows the page before.
          if (rows.length === selected.length && page > 1) setPage(page - 1);
        } catch {
          // Toasted by the wrapper.
        }
      },
    });
  };

  const status = (r: TNewsItem) => (r.isRead === '0' ? <Tag color="red">未读</Tag> : <Tag>已读</Tag>);
  const columns: ColumnsType<TNewsItem> = md
    ? [
        {
          title: '消息内容',
          dataIndex: 'str',
          render: (s: string, r) => (
            <span className="news-text">
              {r.isRead === '0' ? <span className="news-dot" aria-hidden /> : null}
              {s}
            </span>
          ),
        },
        { title: '时间', dataIndex: 'addTime', width: 190, render: (t: number) => formatDateTime(t) },
        { title: '状态', key: 'isRead', width: 90, render: (_: unknown, r) => status(r) },
      ]
    : [
        {
          title: '消息',
          dataIndex: 'str',
          render: (s: string, r) => (
            <div>
              <div className="news-text">
                {r.isRead === '0' ? <span className="news-dot" aria-hidden /> : null}
                {s}
              </div>
              <div className="news-meta">
                {formatDateTime(r.addTime)} {status(r)}
              </div>
            </div>
          ),
        },
      ];

  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>{UI.NOTIFICATIONS}</h1>
          <p>{unread > 0 ? `您有 ${unread} 条未读消息，点击未读消息即可标记为已读` : '存证、证据提取、账号安全等消息会在这里通知您'}</p>
        </div>
        <Space wrap>
          <Button danger onClick={removeSelected} disabled={rows.length === 0}>
            删除选中
          </Button>
          <Button type="primary" onClick={() => void readAll()} disabled={unread === 0}>
            全部已读
          </Button>
        </Space>
      </div>
      <Card size="small">
        <Table<TNewsItem>
          rowKey="newsId"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          pagination={false}
          size="middle"
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
          rowClassName={(r) => (r.isRead === '0' ? 'news-row news-unread' : 'news-row')}
          onRow={(r) => ({
            onClick: (e) => {
              // Ticking the checkbox selects the row; it does not read it.
              if (e.target instanceof Element && e.target.closest('.ant-table-selection-column')) return;
              void markOne(r);
            },
          })}
          locale={{ emptyText: '暂无消息' }}
        />
        {count > PAGE_SIZE.notifications ? (
          <Pagination
            className="news-pagination"
            current={page}
            pageSize={PAGE_SIZE.notifications}
            total={count}
            onChange={(p) => {
              setPage(p);
              setSelected([]);
            }}
            showSizeChanger={false}
            showTotal={md ? (t) => `共 ${t} 条` : undefined}
            simple={!md}
          />
        ) : null}
      </Card>
    </div>
  );
}
