/**
 * /signature 签章管理 (spec p1 §2–3, §7; issue 5 §4): the user's stamps as cards (image, name, creation
 * time; the default labelled 默认章) with 设为默认 and 删除 (each confirmed; the server's msg as toast),
 * plus 上传签章 (PNG) and 生成印章 (company or personal seal rendered by the server).
 */
import { useState } from 'react';
import { Button, Card, Empty, Space, Spin } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { UI } from '@cunzheng/contract/messages';
import { signatureList } from '../../../api/account';
import { useSession } from '../../../stores/session';
import { GenerateDialog } from './GenerateDialog';
import { SignatureCard } from './SignatureCard';
import { UploadDialog } from './UploadDialog';
import { SIGNATURES_KEY, useSignatureActions } from './useSignatureActions';
import '../shared/account.css';

export default function SignaturePage() {
  const { userInfo } = useSession();
  const list = useQuery({ queryKey: SIGNATURES_KEY, queryFn: signatureList });
  const actions = useSignatureActions();
  const [dialog, setDialog] = useState<'upload' | 'generate' | null>(null);
  const items = list.isError ? [] : (list.data ?? []);

  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>{UI.SIGNATURES}</h1>
          <p>管理在线签署时使用的电子签章，默认章将优先用于签署</p>
        </div>
        <Space wrap>
          <Button icon={<UploadOutlined />} onClick={() => setDialog('upload')}>
            上传签章
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('generate')}>
            生成印章
          </Button>
        </Space>
      </div>

      <Card size="small">
        <Spin spinning={list.isFetching}>
          {items.length === 0 ? (
            <Empty description={list.isFetching ? '加载中' : '暂无签章，可上传 PNG 图片或在线生成印章'} />
          ) : (
            <div className="sig-grid" role="list" aria-label="签章列表">
              {items.map((s) => (
                <div role="listitem" key={s.id}>
                  <SignatureCard item={s} onSetDefault={actions.setDefault} onRemove={actions.remove} />
                </div>
              ))}
            </div>
          )}
        </Spin>
      </Card>

      <UploadDialog open={dialog === 'upload'} onClose={() => setDialog(null)} />
      <GenerateDialog open={dialog === 'generate'} userInfo={userInfo} onClose={() => setDialog(null)} />
    </div>
  );
}
