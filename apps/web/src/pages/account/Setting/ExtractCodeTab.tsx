/**
 * Tab 证据提取码 of /setting (spec p1 §2): the account's own extraction code, a copy button (toast
 * 复制成功, spec p1 §8), what the code lets a visitor do, and a reset confirmed by SMS.
 */
import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { MSG } from '@cunzheng/contract/messages';
import type { UserInfo } from '../../../api/types';
import { copyText } from '../../../utils/clipboard';
import { ResetExtractDialog } from './ResetExtractDialog';

export function ExtractCodeTab({ userInfo }: { userInfo: UserInfo | null }) {
  const { message } = App.useApp();
  const [resetting, setResetting] = useState(false);
  const code = userInfo?.extractCode ?? '';

  const copy = async () => {
    if (!code) return;
    if (await copyText(code)) void message.success(MSG.COPY_SUCCESS);
    else void message.error('复制失败，请手动选择后复制');
  };

  return (
    <div className="setting-extract">
      <div className="setting-code-box">
        <span className="setting-code-label">我的证据提取码</span>
        <span className="setting-code" data-testid="extract-code" aria-label="证据提取码">
          {code || '——'}
        </span>
        <Space wrap>
          <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()} disabled={!code} aria-label="复制证据提取码">
            复制
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => setResetting(true)}>
            重置提取码
          </Button>
        </Space>
      </div>

      <section className="setting-explain" aria-label="提取码说明">
        <h3>提取码有什么用？</h3>
        <ul>
          <li>
            证据提取码是您账号的 6 位数字密码，用来授权他人取回原始证据文件。把保全证书链接和提取码一起发给律师、法院或合作方，对方在证书页面点击“提取证据”并输入提取码，即可下载该证书对应的原始文件。
          </li>
          <li>没有提取码的访客只能阅读证书内容、核验文件指纹和账本记录，不能下载原始文件。</li>
          <li>提取码对您名下的全部存证有效，请只告诉需要原始文件的人；每次有人凭提取码取回证据，您都会收到一条消息通知。</li>
          <li>如果怀疑提取码已经泄露，请立即重置：重置需要短信验证，新提取码随机生成，旧提取码立刻失效。</li>
        </ul>
      </section>

      <ResetExtractDialog open={resetting} mobile={userInfo?.mobile ?? userInfo?.contactPhone ?? ''} onClose={() => setResetting(false)} />
    </div>
  );
}
